import Networking

/// The image backend: `image.get?url=…` answers a binary PPM (P6) picture of 32×16 pixels, drawn
/// from the URL alone — a building under a sky — so every listing has its own picture, the same
/// one on every run, and no image file ships with mvx. A missing or empty `url` answers no bytes,
/// which the network layer reports as "no content".
package struct ImageService: Sendable {
    /// Every picture's width in pixels.
    package static let width = 32
    /// Every picture's height in pixels.
    package static let height = 16

    package init() {}

    /// The PPM bytes for the request's `url`, or none when it has no `url`.
    package func respond(to parameters: CanonicalParameters) -> [UInt8] {
        guard let url = parameters[ImageAPI.urlParameter], !url.isEmpty else { return [] }
        return Self.ppm(for: url)
    }

    /// The picture for `url` as PPM bytes: `P6\n32 16\n255\n` and 1,536 bytes of pixels. The same
    /// URL always gives the same bytes (tests and benchmarks call this directly).
    package static func ppm(for url: String) -> [UInt8] {
        var scene = Scene(random: SeededRandom(state: fnv1a(url)))
        scene.draw()
        return Array("P6\n\(width) \(height)\n255\n".utf8) + scene.pixels
    }

    /// FNV-1a rather than `Hasher`, which is seeded afresh in every process.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// One picture being painted: every choice (sky, building, roof, windows, ground) is a draw from
/// the URL's generator, so listings differ in shape and colour, not only in tint.
private struct Scene {
    struct RGB {
        var red: UInt8, green: UInt8, blue: UInt8

        /// `self` moved a `fraction` of the way to `other`.
        func mixed(with other: RGB, _ fraction: Double) -> RGB {
            func channel(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * fraction).rounded()) }
            return RGB(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
        }

        /// Hue in degrees, saturation and value in 0...1.
        init(hue: Double, saturation: Double, value: Double) {
            let sector = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
            let chroma = value * saturation
            let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
            let (r, g, b): (Double, Double, Double) = switch Int(sector) {
            case 0: (chroma, x, 0)
            case 1: (x, chroma, 0)
            case 2: (0, chroma, x)
            case 3: (0, x, chroma)
            case 4: (x, 0, chroma)
            default: (chroma, 0, x)
            }
            let m = value - chroma
            self.init(red: UInt8(((r + m) * 255).rounded()), green: UInt8(((g + m) * 255).rounded()),
                      blue: UInt8(((b + m) * 255).rounded()))
        }

        init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    static let walls = [
        RGB(red: 178, green: 80, blue: 60), RGB(red: 225, green: 205, blue: 160), RGB(red: 235, green: 235, blue: 225),
        RGB(red: 140, green: 140, blue: 150), RGB(red: 90, green: 120, blue: 170), RGB(red: 230, green: 190, blue: 80),
        RGB(red: 200, green: 120, blue: 150), RGB(red: 110, green: 160, blue: 120),
    ]
    static let roofs = [
        RGB(red: 120, green: 40, blue: 30), RGB(red: 70, green: 60, blue: 60), RGB(red: 50, green: 80, blue: 110),
        RGB(red: 150, green: 90, blue: 40),
    ]
    static let grounds = [
        RGB(red: 60, green: 140, blue: 60), RGB(red: 110, green: 110, blue: 110), RGB(red: 150, green: 120, blue: 80),
    ]

    let width = ImageService.width
    let height = ImageService.height
    var random: SeededRandom
    var pixels: [UInt8]

    init(random: SeededRandom) {
        self.random = random
        pixels = Array(repeating: 0, count: ImageService.width * ImageService.height * 3)
    }

    /// A whole number in `range`.
    mutating func pick(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[pick(0...choices.count - 1)] }

    mutating func set(_ x: Int, _ y: Int, _ color: RGB) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        let offset = (y * width + x) * 3
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, _ color: RGB) {
        for row in y..<y + max(0, height) {
            for column in x..<x + max(0, width) { set(column, row, color) }
        }
    }

    mutating func draw() {
        // A dark sky (night) lights the windows; a day sky leaves most of them dark.
        let night = pick(0...3) == 0
        // Skies from cyan through blue, violet and pink to orange: no green sky over green grass.
        let hue = Double((180 + pick(0...229)) % 360)
        let top = RGB(hue: hue, saturation: 0.55, value: night ? 0.25 : 0.6)
        let horizon = RGB(hue: hue + 30, saturation: night ? 0.5 : 0.3, value: night ? 0.45 : 0.95)
        let groundTop = pick(12...13)
        for y in 0..<groundTop {
            fill(x: 0, y: y, width: width, height: 1, top.mixed(with: horizon, Double(y) / Double(groundTop - 1)))
        }

        // The sun or the moon, in a corner of the sky the building may or may not hide.
        let sunX = pick(1...28)
        let sun = night ? RGB(red: 230, green: 230, blue: 210) : RGB(red: 255, green: 220, blue: 90)
        fill(x: sunX, y: 1, width: 2, height: 2, sun)

        let ground = pick(Self.grounds)
        fill(x: 0, y: groundTop, width: width, height: height - groundTop, ground)
        fill(x: 0, y: height - 1, width: width, height: 1, ground.mixed(with: RGB(red: 0, green: 0, blue: 0), 0.3))

        // The building: a tall tower, a block, or a wide low house with a pitched roof.
        let kind = pick(0...2)
        let (buildingWidth, buildingHeight) = switch kind {
        case 0: (pick(8...12), pick(9...11))
        case 1: (pick(12...18), pick(6...9))
        default: (pick(16...22), pick(4...6))
        }
        let left = pick(1...(width - buildingWidth - 1))
        let topY = groundTop - buildingHeight
        let wall = pick(Self.walls)
        let roof = pick(Self.roofs)
        fill(x: left, y: topY, width: buildingWidth, height: buildingHeight, wall)
        if kind == 2 {
            // A pitched roof: each row two pixels narrower, up to the ridge.
            var row = topY - 1
            var inset = 0
            while inset * 2 < buildingWidth + 2, row >= 0 {
                fill(x: left - 1 + inset, y: row, width: buildingWidth + 2 - inset * 2, height: 1, roof)
                row -= 1
                inset += 2
            }
        } else {
            fill(x: left, y: topY - 1, width: buildingWidth, height: 1, roof)
        }

        // Windows: a grid of 2×1 panes, lit at random (mostly at night), and a door at the bottom.
        let lit = RGB(red: 255, green: 215, blue: 100)
        let dark = RGB(red: 40, green: 55, blue: 80)
        let doorX = left + buildingWidth / 2 - 1
        var y = topY + 1
        while y < groundTop - 2 {
            var x = left + 1
            while x + 2 <= left + buildingWidth - 1 {
                if !(y >= groundTop - 4 && x + 1 >= doorX && x <= doorX + 1) {
                    fill(x: x, y: y, width: 2, height: 1, pick(0...9) < (night ? 7 : 2) ? lit : dark)
                }
                x += 3
            }
            y += 2
        }
        fill(x: doorX, y: groundTop - 3, width: 2, height: 3, RGB(red: 90, green: 55, blue: 30))

        // A tree beside the building when there is room on one side.
        let treeX: Int? = left > 6 ? left - 4 : (left + buildingWidth < width - 5 ? left + buildingWidth + 2 : nil)
        if let treeX, pick(0...2) > 0 {
            let leaves = RGB(red: 40, green: 110 + UInt8(pick(0...40)), blue: 50)
            fill(x: treeX, y: groundTop - 5, width: 3, height: 3, leaves)
            fill(x: treeX + 1, y: groundTop - 2, width: 1, height: 2, RGB(red: 100, green: 70, blue: 40))
        }
    }
}

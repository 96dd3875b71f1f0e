import Terminal
import Testing
import Widgets

/// `PictureView` drawn into a memory screen at each colour support, and `Color.nearest`.
@MainActor
@Suite struct PictureViewTests {
    /// A picture of four flat quadrants — red, green over blue, white — so any cell says which
    /// part of the picture it shows.
    static func quadrants(width: Int, height: Int) -> PixelImage {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                switch (x < width / 2, y < height / 2) {
                case (true, true): rgb += [255, 0, 0]
                case (false, true): rgb += [0, 255, 0]
                case (true, false): rgb += [0, 0, 255]
                case (false, false): rgb += [255, 255, 255]
                }
            }
        }
        return PixelImage(width: width, height: height, rgb: rgb)
    }

    static func draw(_ image: PixelImage?, in size: Size, screen: Size? = nil, colors: ColorSupport) -> MemoryScreen {
        let memory = MemoryScreen(size: screen ?? size, colorSupport: colors)
        let view = PictureView(image: image, frame: Rect(origin: .zero, size: size))
        view.render(in: Canvas(screen: memory, bounds: view.frame))
        return memory
    }

    @Test func halfBlocksIn256Colours() {
        // 4×4 pixels: two rows of cells; the top cell row is red/green over red/green.
        let screen = Self.draw(Self.quadrants(width: 4, height: 4), in: Size(width: 4, height: 2), colors: .indexed256)
        #expect(screen.row(0) == "▀▀▀▀")
        #expect(screen.cell(x: 0, y: 0).style == Style(foreground: .indexed(196, fallback: .red), background: .indexed(196, fallback: .red)))
        #expect(screen.cell(x: 3, y: 0).style.foreground == .indexed(46, fallback: .green))
        #expect(screen.cell(x: 0, y: 1).style.background == .indexed(21, fallback: .blue))
        #expect(screen.cell(x: 3, y: 1).style.background == .indexed(231, fallback: .white))
    }

    @Test func topAndBottomPixelsShareACell() {
        // 1×2: red over blue, one cell.
        let image = PixelImage(width: 1, height: 2, rgb: [255, 0, 0, 0, 0, 255])
        let screen = Self.draw(image, in: Size(width: 3, height: 1), colors: .indexed256)
        #expect(screen.row(0) == "▀  ")
        #expect(screen.cell(x: 0, y: 0).style.foreground == .indexed(196, fallback: .red))
        #expect(screen.cell(x: 0, y: 0).style.background == .indexed(21, fallback: .blue))
    }

    @Test func eightColoursUseTheFallbacks() {
        let screen = Self.draw(Self.quadrants(width: 4, height: 4), in: Size(width: 4, height: 2), colors: .basic8)
        let (foreground, background, _) = ColorSupport.basic8.resolve(screen.cell(x: 0, y: 1).style)
        #expect(foreground == Color.Basic.blue.rawValue)
        #expect(background == Color.Basic.blue.rawValue)
        let (topRight, bottomRight, _) = ColorSupport.basic8.resolve(screen.cell(x: 3, y: 0).style)
        #expect(topRight == Color.Basic.green.rawValue)
        #expect(bottomRight == Color.Basic.green.rawValue)
    }

    @Test func monochromeKeepsTheShapesByBrightness() {
        // A dark picture with a bright square at the top left and a bright bar at the bottom right.
        var rgb = [UInt8](repeating: 10, count: 4 * 4 * 3)
        for (x, y) in [(0, 0), (0, 1), (1, 0), (3, 3), (2, 3)] {
            let offset = (y * 4 + x) * 3
            rgb.replaceSubrange(offset..<offset + 3, with: [250, 250, 250])
        }
        rgb.replaceSubrange(((2 * 4 + 3) * 3)..<((2 * 4 + 3) * 3 + 3), with: [250, 250, 250])
        let screen = Self.draw(PixelImage(width: 4, height: 4, rgb: rgb), in: Size(width: 4, height: 2), colors: .none)
        #expect(screen.row(0) == "█▀  ")
        #expect(screen.row(1) == "  ▄█")
        #expect(screen.cell(x: 0, y: 0).style == .plain)
    }

    @Test func monochromeSplitsWhereThePictureDoes() {
        // A light sky (200) with a lighter sun (240) over dark ground (20): the split falls between
        // the dark and the light, so the sky and the sun both stay lit.
        let levels: [UInt8] = [200, 240, 200, 200, 20, 20, 20, 20]
        let image = PixelImage(width: 4, height: 2, rgb: levels.flatMap { [$0, $0, $0] })
        #expect(Self.draw(image, in: Size(width: 4, height: 1), colors: .none).row(0) == "▀▀▀▀")
        // One flat colour has no split: it shows lit rather than vanishing.
        let flat = PixelImage(width: 2, height: 2, rgb: [UInt8](repeating: 90, count: 12))
        #expect(Self.draw(flat, in: Size(width: 2, height: 1), colors: .none).row(0) == "██")
    }

    @Test func aLargePictureIsScaledNotCropped() {
        let image = Self.quadrants(width: 32, height: 16)
        let view = PictureView(image: image)
        #expect(view.sizeThatFits(Size(width: 16, height: 4)) == Size(width: 16, height: 4))
        #expect(view.sizeThatFits(Size(width: 80, height: 24)) == Size(width: 32, height: 8))
        #expect(view.sizeThatFits(Size(width: 40, height: 3)) == Size(width: 12, height: 3))

        let screen = Self.draw(image, in: Size(width: 16, height: 4), screen: Size(width: 20, height: 6), colors: .indexed256)
        for row in 0..<4 { #expect(screen.row(row) == String(repeating: "▀", count: 16) + "    ") }
        #expect(screen.row(4).allSatisfy { $0 == " " })
        // The bottom-right cell shows the picture's bottom-right (white): cropping would show green.
        #expect(screen.cell(x: 15, y: 3).style.background == .indexed(231, fallback: .white))
        #expect(screen.cell(x: 0, y: 0).style.foreground == .indexed(196, fallback: .red))
    }

    @Test func aRedrawFollowsANewImageSizeAndColourSupport() {
        let view = PictureView(image: PixelImage(width: 1, height: 2, rgb: [255, 0, 0, 0, 0, 255]), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        func draw(_ colors: ColorSupport, size: Size = Size(width: 1, height: 1)) -> MemoryScreen {
            let screen = MemoryScreen(size: size, colorSupport: colors)
            view.frame = Rect(origin: .zero, size: size)
            view.render(in: Canvas(screen: screen, bounds: view.frame))
            return screen
        }
        #expect(draw(.indexed256).cell(x: 0, y: 0).style.foreground == .indexed(196, fallback: .red))
        view.image = PixelImage(width: 1, height: 2, rgb: [0, 255, 0, 0, 0, 255])
        #expect(draw(.indexed256).cell(x: 0, y: 0).style.foreground == .indexed(46, fallback: .green))
        #expect(draw(.none).cell(x: 0, y: 0).style == .plain)
        view.image = Self.quadrants(width: 4, height: 4)
        #expect(draw(.indexed256, size: Size(width: 2, height: 1)).row(0) == "▀▀")
        #expect(draw(.indexed256, size: Size(width: 4, height: 2)).row(1) == "▀▀▀▀")
    }

    @Test func boxAverageBlendsWhatItShrinks() {
        // Black and white columns, halved: every pixel is the grey between them.
        let rgb = (0..<8).flatMap { x -> [UInt8] in x % 2 == 0 ? [0, 0, 0] : [255, 255, 255] }
        let screen = Self.draw(PixelImage(width: 8, height: 1, rgb: rgb), in: Size(width: 4, height: 1), colors: .indexed256)
        #expect(screen.cell(x: 0, y: 0).style.foreground == Color.nearest(red: 127, green: 127, blue: 127))
    }

    @Test func oddHeightLeavesTheLastHalfToTheBackground() {
        let image = PixelImage(width: 1, height: 3, rgb: [255, 0, 0, 255, 0, 0, 0, 0, 255])
        let screen = Self.draw(image, in: Size(width: 1, height: 2), colors: .indexed256)
        #expect(screen.cell(x: 0, y: 1).character == "▀")
        #expect(screen.cell(x: 0, y: 1).style.background == .default)
    }

    @Test func brokenImagesDrawNothing() {
        let short = PixelImage(width: 4, height: 4, rgb: [1, 2, 3])
        let empty = PixelImage(width: 0, height: 0, rgb: [])
        for image in [short, empty, nil] {
            let screen = Self.draw(image, in: Size(width: 4, height: 2), colors: .indexed256)
            #expect(screen.text == "\n")
            #expect(PictureView(image: image).sizeThatFits(Size(width: 4, height: 2)) == .zero)
        }
        // No room at all: nothing drawn, nothing divided by zero.
        _ = Self.draw(Self.quadrants(width: 4, height: 4), in: Size(width: 0, height: 0), screen: Size(width: 2, height: 2), colors: .none)
    }

    @Test func nearestColourPicksTheCubeOrTheGreyRamp() {
        #expect(Color.nearest(red: 255, green: 0, blue: 0) == .indexed(196, fallback: .red))
        #expect(Color.nearest(red: 0, green: 0, blue: 0) == .indexed(16, fallback: .black))
        #expect(Color.nearest(red: 255, green: 255, blue: 255) == .indexed(231, fallback: .white))
        // Mid grey is nearer the ramp (128) than the cube (135).
        #expect(Color.nearest(red: 128, green: 128, blue: 128) == .indexed(244, fallback: .white))
        #expect(Color.nearest(red: 95, green: 135, blue: 175) == .indexed(67, fallback: .cyan))
        #expect(Color.nearest(red: 60, green: 140, blue: 60).basic == .green)
        #expect(Color.nearest(red: 40, green: 55, blue: 80).basic == .black)
        #expect(Color.nearest(red: 200, green: 210, blue: 230).basic == .white)
        #expect(Color.nearest(red: 178, green: 80, blue: 60).basic == .red)
    }
}

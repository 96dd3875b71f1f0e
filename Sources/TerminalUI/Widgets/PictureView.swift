import Terminal

/// An RGB raster a `PictureView` draws: the widgets' own picture type, so widgets need not know
/// the model (a screen's view converts the model's picture field for field).
package struct PixelImage: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Row-major pixels from the top left, three bytes (red, green, blue) each.
    package let rgb: [UInt8]

    /// An image of `width` × `height` pixels. One whose `rgb` is shorter than `width * height * 3`,
    /// or with a side below 1, is kept but drawn as nothing.
    package init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Whether the bytes hold every pixel the size promises.
    var isDrawable: Bool { width > 0 && height > 0 && rgb.count / 3 / width >= height }
}

/// Draws a picture with half blocks: each cell shows two pixels stacked, `▀` in the top pixel's
/// colour over a background of the bottom one's, so a 32×16 picture takes 32×8 cells. Smaller
/// bounds get the picture scaled down (box average, aspect kept), never cropped; it is never
/// scaled up. Colours are the nearest of the 256 (8 on a basic terminal); without colour each
/// half is lit or not by its brightness against the picture's own threshold, so shapes stay visible.
@MainActor
package final class PictureView: View {
    /// The picture shown; nil shows nothing.
    package var image: PixelImage? {
        didSet {
            guard image != oldValue else { return }
            runs = nil
            superview?.setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// Creates a view showing `image`.
    package init(image: PixelImage? = nil, frame: Rect = .zero) {
        self.image = image
        super.init(frame: frame)
    }

    /// The cells the picture takes within `size`: its own size (two pixel rows a cell) or, when
    /// that does not fit, the largest scaled size that does; zero without a drawable picture.
    package override func sizeThatFits(_ size: Size) -> Size {
        guard let image, image.isDrawable else { return .zero }
        let pixels = Self.scaledPixels(of: image, in: size)
        return Size(width: pixels.width, height: (pixels.height + 1) / 2)
    }

    /// Draws the picture from the top left of the bounds, as runs of cells computed on the first
    /// draw at this size and colour support and kept for the frames after it.
    package override func draw(in canvas: Canvas) {
        guard let image, image.isDrawable else { return }
        let key = RunsKey(size: canvas.size, colorSupport: canvas.screen.colorSupport)
        // A screen showing the picture redraws it every frame: resampling and colour matching
        // happen once, each later frame only writes the runs.
        if runs?.key != key { runs = (key, Self.runs(of: image, in: key)) }
        for run in runs?.rows ?? [] { canvas.draw(run.text, at: run.origin, style: run.style) }
    }

    /// Cells of one style in a row, written in one call: fewer writes, and the screen's work is per write.
    struct Run {
        var origin: Point
        var text: String
        var style: Style
    }

    /// What the cached runs were computed for.
    struct RunsKey: Equatable {
        var size: Size
        var colorSupport: ColorSupport
    }

    /// The runs of the last draw, dropped when the image changes.
    private var runs: (key: RunsKey, rows: [Run])?

    /// The runs that draw `image` into `key.size` cells with `key.colorSupport`.
    static func runs(of image: PixelImage, in key: RunsKey) -> [Run] {
        let size = scaledPixels(of: image, in: key.size)
        guard size.width > 0, size.height > 0 else { return [] }
        let pixels = resample(image, to: size)
        let threshold = key.colorSupport == .none ? threshold(pixels.map(\.luminance)) : 0
        // Matching a colour costs more than comparing one: each distinct pixel is matched once.
        var colors: [Pixel: Color] = [:]
        func color(_ pixel: Pixel) -> Color {
            if let known = colors[pixel] { return known }
            let matched = pixel.color
            colors[pixel] = matched
            return matched
        }
        var result: [Run] = []
        for row in 0..<(size.height + 1) / 2 {
            var current: Run?
            for x in 0..<size.width {
                let top = pixels[row * 2 * size.width + x]
                let bottom = row * 2 + 1 < size.height ? pixels[(row * 2 + 1) * size.width + x] : nil
                let (character, style) = key.colorSupport == .none
                    ? monochromeCell(top: top, bottom: bottom, threshold: threshold)
                    : ("▀", Style(foreground: color(top), background: bottom.map(color) ?? .default))
                if current?.style == style {
                    current?.text.append(character)
                } else {
                    if let current { result.append(current) }
                    current = Run(origin: Point(x: x, y: row), text: String(character), style: style)
                }
            }
            if let current { result.append(current) }
        }
        return result
    }

    /// One pixel after scaling.
    struct Pixel: Hashable {
        var red: Int, green: Int, blue: Int

        /// Rec. 709 luma, 0…255 (integer weights summing to 10,000).
        var luminance: Int { (2126 * red + 7152 * green + 722 * blue) / 10_000 }

        var color: Color { .nearest(red: UInt8(red), green: UInt8(green), blue: UInt8(blue)) }
    }

    /// The character of one cell without colour: each half lit when brighter than `threshold`.
    /// `bottom` is nil below an odd last row.
    static func monochromeCell(top: Pixel, bottom: Pixel?, threshold: Int) -> (Character, Style) {
        let topLit = top.luminance > threshold
        let bottomLit = (bottom?.luminance ?? 0) > threshold
        let character: Character = switch (topLit, bottomLit) {
        case (true, true): "█"
        case (true, false): "▀"
        case (false, true): "▄"
        case (false, false): " "
        }
        return (character, .plain)
    }

    /// The luminance that splits the picture best into dark and bright (Otsu's method: the split
    /// with the largest variance between the two groups), so a light house under a light sky still
    /// stands out where a fixed or mean threshold would light both.
    static func threshold(_ luminances: [Int]) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for value in luminances { histogram[max(0, min(255, value))] += 1 }
        let total = Double(luminances.count)
        let weightedTotal = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var darkCount = 0.0
        var darkSum = 0.0
        var best = (variance: -1.0, threshold: 0)
        for level in 0..<255 {
            darkCount += Double(histogram[level])
            darkSum += Double(level * histogram[level])
            let brightCount = total - darkCount
            guard darkCount > 0, brightCount > 0 else { continue }
            let difference = darkSum / darkCount - (weightedTotal - darkSum) / brightCount
            let variance = darkCount * brightCount * difference * difference
            if variance > best.variance { best = (variance, level) }
        }
        return best.threshold
    }

    /// The picture's size in pixels once fitted into `cells` (two pixel rows a cell): unchanged
    /// when it fits, else shrunk to the largest size that fits with the aspect ratio kept.
    static func scaledPixels(of image: PixelImage, in cells: Size) -> Size {
        let room = Size(width: max(0, cells.width), height: max(0, cells.height) * 2)
        guard room.width > 0, room.height > 0 else { return .zero }
        if image.width <= room.width, image.height <= room.height { return Size(width: image.width, height: image.height) }
        // Whichever side is tighter decides; the other follows it, rounded, at least one pixel.
        if room.width * image.height <= room.height * image.width {
            let height = (room.width * image.height + image.width / 2) / image.width
            return Size(width: room.width, height: min(room.height, max(1, height)))
        }
        let width = (room.height * image.width + image.height / 2) / image.height
        return Size(width: min(room.width, max(1, width)), height: room.height)
    }

    /// `image` at `size` (no larger than the image): each pixel the average of the box of source
    /// pixels it covers, so thin details blend rather than vanish. Every source pixel is read once.
    static func resample(_ image: PixelImage, to size: Size) -> [Pixel] {
        var pixels: [Pixel] = []
        pixels.reserveCapacity(size.width * size.height)
        image.rgb.withUnsafeBufferPointer { rgb in
            for y in 0..<size.height {
                let rows = (y * image.height / size.height)..<max(y * image.height / size.height + 1, (y + 1) * image.height / size.height)
                for x in 0..<size.width {
                    let columns = (x * image.width / size.width)..<max(x * image.width / size.width + 1, (x + 1) * image.width / size.width)
                    var (red, green, blue) = (0, 0, 0)
                    for row in rows {
                        for column in columns {
                            let offset = (row * image.width + column) * 3
                            red += Int(rgb[offset])
                            green += Int(rgb[offset + 1])
                            blue += Int(rgb[offset + 2])
                        }
                    }
                    let count = rows.count * columns.count
                    pixels.append(Pixel(red: red / count, green: green / count, blue: blue / count))
                }
            }
        }
        return pixels
    }
}

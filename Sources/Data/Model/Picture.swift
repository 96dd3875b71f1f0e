/// A listing's picture as the model holds it: a small RGB raster, whatever format it came in.
/// Only a consistent picture can exist (the init checks its size against its bytes), so no view
/// has to guard against a short buffer or a zero-sized image.
package struct Picture: Sendable, Hashable {
    /// The widths and heights a picture may have, in pixels. The fake image service sends 32×16;
    /// the upper bound keeps a hostile header from making anyone allocate much.
    package static let sides: ClosedRange<Int> = 1...256

    /// Width in pixels, within `sides`.
    package let width: Int
    /// Height in pixels, within `sides`.
    package let height: Int
    /// The pixels row by row from the top left, three bytes (red, green, blue) each:
    /// exactly `width * height * 3` bytes.
    package let rgb: [UInt8]

    /// A picture of `width` × `height` pixels; nil when either side is outside `sides` or `rgb`
    /// does not hold exactly three bytes per pixel.
    package init?(width: Int, height: Int, rgb: [UInt8]) {
        guard Self.sides.contains(width), Self.sides.contains(height), rgb.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The red, green and blue of the pixel at column `x`, row `y` (both inside the picture).
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (rgb[offset], rgb[offset + 1], rgb[offset + 2])
    }
}

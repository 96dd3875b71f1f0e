import Model
import Tracing

/// The image service's bytes → a `Picture`: a strict binary PPM (P6) reader. The bytes come from
/// the network, so it trusts nothing: it reads the header in one pass, checks the size against
/// `Picture.sides` and the byte count against the header before it allocates anything, and
/// answers a `PictureFormatError` for anything it does not accept, never a crash.
package struct PictureReformer: Sendable {
    package init() {}

    /// The picture `bytes` hold: `P6`, then width, height and maxval as decimal numbers separated
    /// by whitespace (a `#` comment runs to the end of its line), maxval 255, one whitespace byte,
    /// then exactly width × height × 3 bytes of red, green, blue.
    package func reform(_ bytes: [UInt8]) throws(PictureFormatError) -> Picture {
        do {
            let picture = try Self.decode(bytes)
            @Traced(.reformer, self, "P6 \(picture.width)×\(picture.height) → picture") var call
            return picture
        } catch {
            @Traced(.reformer, self, "not a picture: \(error)") var call
            throw error
        }
    }

    private static func decode(_ bytes: [UInt8]) throws(PictureFormatError) -> Picture {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { throw .notP6 }
        var reader = HeaderReader(bytes: bytes, position: 2)
        let width = try reader.number(.width)
        let height = try reader.number(.height)
        let maxval = try reader.number(.maxval)
        guard Picture.sides.contains(width), Picture.sides.contains(height) else {
            throw .sizeOutOfRange(width: width, height: height)
        }
        guard maxval == 255 else { throw .unsupportedMaxval(maxval) }
        // Exactly one whitespace byte ends the header: the raster may start with a byte that looks
        // like whitespace, so no more may be skipped.
        guard reader.position < bytes.count else { throw .truncated(expected: width * height * 3, actual: 0) }
        guard HeaderReader.isWhitespace(bytes[reader.position]) else { throw .badNumber(.maxval) }
        let start = reader.position + 1
        let expected = width * height * 3
        let actual = bytes.count - start
        if actual < expected { throw .truncated(expected: expected, actual: actual) }
        if actual > expected { throw .trailingBytes(actual - expected) }
        // The sizes were checked above, so the init cannot fail here.
        guard let picture = Picture(width: width, height: height, rgb: Array(bytes[start...])) else {
            throw .sizeOutOfRange(width: width, height: height)
        }
        return picture
    }
}

/// Why bytes are not a picture mvx accepts, each with a one-line description for the screen and
/// the trace.
package enum PictureFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A header field of a PPM.
    package enum Field: String, Sendable, Hashable {
        case width, height, maxval
    }

    /// No bytes at all.
    case empty
    /// The bytes do not start with `P6` (a text PPM, another format, or garbage).
    case notP6
    /// A header field is missing, not a decimal number, or not separated from what follows.
    case badNumber(Field)
    /// Width or height outside `Picture.sides` (numbers too long to read are given as 1,000,000,000).
    case sizeOutOfRange(width: Int, height: Int)
    /// A maxval other than 255 (mvx reads one byte per channel only).
    case unsupportedMaxval(Int)
    /// Fewer pixel bytes than the header promises.
    case truncated(expected: Int, actual: Int)
    /// More bytes after the last pixel: how many.
    case trailingBytes(Int)

    /// One line in the user's words, for a caption or the trace.
    package var description: String {
        switch self {
        case .empty: "no picture: the reply was empty"
        case .notP6: "not a picture: the reply does not start with P6"
        case .badNumber(let field): "not a picture: the header's \(field.rawValue) is missing or not a number"
        case .sizeOutOfRange(let width, let height):
            "picture of \(width)×\(height) pixels: each side must be \(Picture.sides.lowerBound)…\(Picture.sides.upperBound)"
        case .unsupportedMaxval(let maxval): "picture with maxval \(maxval): only 255 is read"
        case .truncated(let expected, let actual): "truncated picture: \(actual) of \(expected) pixel bytes"
        case .trailingBytes(let count): "picture with \(count) trailing bytes after the pixels"
        }
    }
}

/// Reads the header's numbers, one pass, each byte looked at once.
private struct HeaderReader {
    /// Above this a number is only "too big": saturating keeps the scan linear and overflow-free.
    static let ceiling = 1_000_000_000

    let bytes: [UInt8]
    var position: Int

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Skips the whitespace and comments before a field (at least one byte of them, so fields
    /// never run together), then reads its digits.
    mutating func number(_ field: PictureFormatError.Field) throws(PictureFormatError) -> Int {
        let before = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                break
            }
        }
        guard position > before else { throw .badNumber(field) }
        var value = 0
        var digits = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            value = min(Self.ceiling, value * 10 + Int(bytes[position] - UInt8(ascii: "0")))
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw .badNumber(field) }
        return value
    }
}

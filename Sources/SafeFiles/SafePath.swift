#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Paths as the system has them: bytes, not always UTF-8 (`cach\xe9`, a Latin-1 name). Swift reads
/// argv and the environment into `String`s and repairs bytes that are not UTF-8 with U+FFFD, which
/// then names another file (`cach\xef\xbf\xbd`). `SafePath` reads them instead with each such byte
/// kept as one private-use scalar, U+10FF00 + the byte (U+10FF80-U+10FFFF), and every file call in
/// `SafeFiles` turns those back into the byte, so a path goes from the command line to the file
/// system as the bytes typed. A real name holding those scalars (the last 128 code points of the
/// last private-use plane) would be read as bytes too.
package enum SafePath {
    /// Where the scalars that stand for bytes start: U+10FF00 + byte.
    static let base: UInt32 = 0x10_FF00

    /// `bytes` as a string, each byte that is not part of valid UTF-8 kept as its private-use scalar.
    package static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 sequence at `index`, else one byte kept as it is.
            let length = sequenceLength(bytes, at: index)
            if length > 0, let text = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                scalars.append(contentsOf: text.unicodeScalars)
                index += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The length of the UTF-8 sequence its lead byte announces at `index`, 0 when that is not a lead byte.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        return index + length <= bytes.count ? length : 0
    }

    /// The bytes `path` stands for: UTF-8, with each byte-standing scalar turned back into its byte.
    package static func bytes(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= base + 0x80, scalar.value <= base + 0xFF {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Runs `body` with `path` as the C string of its bytes (what `open` and `mkdir` take).
    package static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        // The common case, a UTF-8 path with no byte kept apart, needs no copy.
        guard path.unicodeScalars.contains(where: { $0.value >= base + 0x80 && $0.value <= base + 0xFF }) else {
            return try path.withCString(body)
        }
        var bytes = bytes(path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `path` for a message: each byte that is not UTF-8 written `\xE9`.
    package static func display(_ path: String) -> String {
        var text = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= base + 0x80, scalar.value <= base + 0xFF {
                text += "\\x" + String(scalar.value - base, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The process's arguments, program name first, each read from its bytes (see above).
    package static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return string(fromBytes: UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
    }

    /// The environment variable `name`, read from its bytes; nil when it is not set.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return string(fromBytes: UnsafeBufferPointer(start: value, count: strlen(value)).map { UInt8(bitPattern: $0) })
    }
}

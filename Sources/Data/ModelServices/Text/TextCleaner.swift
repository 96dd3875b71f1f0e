/// Makes a raw string from a server safe and sensible to show: control characters (including
/// terminal escape sequences' ESC) removed, line breaks and tabs turned into spaces, and
/// overlong values cut with an ellipsis. Strings that need none of it are returned as they are,
/// after one scan of their bytes, so reforming 100,000 listings stays cheap.
package enum TextCleaner {
    /// The most characters kept.
    package static let maximumLength = 200

    private enum EscapeState {
        case none
        case started
        case controlSequence
    }

    /// C0 controls and DEL; C1 controls are U+0080…U+009F, encoded C2 80…C2 9F.
    private static func containsControl<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte < 0xA0) { return true }
            previous = byte
        }
        return false
    }

    package static func clean(_ text: String) -> String {
        var needsWork = text.utf8.count > maximumLength
        if !needsWork {
            // Native strings are contiguous UTF-8: scanning the buffer avoids the iterator's cost.
            needsWork = text.utf8.withContiguousStorageIfAvailable(containsControl) ?? containsControl(Array(text.utf8))
        }
        guard needsWork else { return text }

        var output = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        var escape = EscapeState.none
        for scalar in text.unicodeScalars {
            let value = scalar.value
            // Drop whole terminal escape sequences (ESC [ … final byte, or ESC + one character),
            // not just the ESC, so no "[31m" debris is left behind.
            switch escape {
            case .none:
                if value == 0x1B {
                    escape = .started
                    continue
                }
            case .started:
                escape = value == 0x5B ? .controlSequence : .none
                continue
            case .controlSequence:
                if (0x40...0x7E).contains(value) { escape = .none }
                continue
            }
            if value == 0x0A || value == 0x0D || value == 0x09 {
                pendingSpace = !output.isEmpty
                continue
            }
            if value < 0x20 || (0x7F...0x9F).contains(value) { continue }
            if pendingSpace {
                output.append(" ")
                count += 1
                pendingSpace = false
            }
            output.append(scalar)
            count += 1
            // Counting scalars bounds the work on a 1 MB value; the final cut is by characters.
            if count > maximumLength * 4 { break }
        }
        let cleaned = String(output)
        guard cleaned.count > maximumLength else { return cleaned }
        return String(cleaned.prefix(maximumLength - 1)) + "…"
    }
}

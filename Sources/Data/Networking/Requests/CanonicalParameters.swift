import OrderedCollections

/// Request parameters in canonical form: keys sorted, so the same parameters always give the
/// same string, signature and cache key whatever order the caller built them in.
package struct CanonicalParameters: Sendable, Hashable, CustomStringConvertible {
    /// The parameters, sorted by key.
    package let values: OrderedDictionary<String, String>
    /// `key=value&key=value`, percent-encoded: what is signed and what keys the cache.
    package let canonicalString: String

    package init(_ parameters: [String: String] = [:]) {
        var sorted = OrderedDictionary<String, String>()
        for key in parameters.keys.sorted() { sorted[key] = parameters[key] }
        values = sorted
        canonicalString = sorted.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// The value for `key`, if present.
    package subscript(key: String) -> String? { values[key] }

    /// A copy with `key` set to `value`.
    package func setting(_ key: String, to value: String) -> CanonicalParameters {
        var dictionary = Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.value) })
        dictionary[key] = value
        return CanonicalParameters(dictionary)
    }

    /// A plain dictionary of the parameters.
    package var dictionary: [String: String] { Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.value) }) }

    /// `key=value&key=value` as people read it (`district=海淀区&page=1`): for traces and the
    /// operation log. What is signed and cached stays `canonicalString`.
    package var description: String { values.map { "\($0.key)=\($0.value)" }.joined(separator: "&") }

    /// RFC 3986 unreserved characters stay; everything else is %XX of its UTF-8 bytes.
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                output.unicodeScalars.append("%")
                output.unicodeScalars.append(hex[Int(byte >> 4)])
                output.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return output
    }
}

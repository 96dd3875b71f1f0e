/// A parsed JSON document: the raw data an APIManager keeps and hands to reformers.
/// A value type (not `[String: Any]`) so raw responses can cross actors and sit in the cache.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object, nil otherwise.
    @inlinable
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, nil for any other case.
    @inlinable
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, nil for any other case.
    @inlinable
    package var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, nil for any other case.
    @inlinable
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, nil for any other case.
    @inlinable
    package var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Parses UTF-8 JSON bytes; the error says what is wrong and at which byte.
    package init<Bytes: Collection<UInt8>>(parsing bytes: Bytes) throws(JSONParseError) {
        self = try JSONParser.parse(bytes)
    }

    /// Compact UTF-8 JSON, object members in sorted key order (so output is reproducible).
    package var serialized: [UInt8] {
        var output: [UInt8] = []
        JSONWriter.write(self, into: &output)
        return output
    }
}

/// Why bytes are not JSON, with the byte offset where parsing stopped.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    package var reason: String
    package var offset: Int

    package init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    package var description: String { "\(reason) at byte \(offset)" }
}

/// The person service: `person.get?id=…` answers `{"id": …, "first_name": …, "last_name": …}`.
package struct PersonAPI: APIDescriptor {
    package init() {}
    package var method: String { "person.get" }
    package var service: Service { .person }
    package var cachePolicy: CachePolicy { .standard }
    /// Asking again for the same person while one is on its way changes nothing.
    package var requestPolicy: RequestPolicy { .ignoreIfLoading }

    /// The parameter naming the person.
    package static let idParameter = "id"

    package func validate(parameters: CanonicalParameters) throws(APIError) {
        guard let id = parameters[Self.idParameter], !id.isEmpty else { throw .parameters("a person id is required") }
        guard id.count <= 64, id.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        else { throw .parameters("a person id has up to 64 lowercase letters, digits and dashes") }
    }

    package func validate(response: JSONValue, parameters: CanonicalParameters) throws(APIError) {
        guard case .object(let fields) = response else { throw .malformedResponse("expected an object") }
        if fields.isEmpty { throw .noContent }
        for key in ["id", "first_name", "last_name"] {
            guard case .string? = fields[key] else { throw .malformedResponse("no '\(key)' string") }
        }
    }
}

/// The person service: `person.get?id=…` answers `{"id": …, "first_name": …, "last_name": …}`.
public struct PersonAPI: APIDescriptor {
    public init() {}
    public var method: String { "person.get" }
    public var service: Service { .person }
    public var cachePolicy: CachePolicy { .standard }
    /// Asking again for the same person while one is on its way changes nothing.
    public var requestPolicy: RequestPolicy { .ignoreIfLoading }

    /// The parameter naming the person.
    public static let idParameter = "id"

    public func validate(parameters: CanonicalParameters) throws(APIError) {
        guard let id = parameters[Self.idParameter], !id.isEmpty else { throw .parameters("a person id is required") }
        guard id.count <= 64, id.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        else { throw .parameters("a person id has up to 64 lowercase letters, digits and dashes") }
    }

    public func validate(response: JSONValue, parameters: CanonicalParameters) throws(APIError) {
        guard case .object(let fields) = response else { throw .malformedResponse("expected an object") }
        if fields.isEmpty { throw .noContent }
        for key in ["id", "first_name", "last_name"] {
            guard case .string? = fields[key] else { throw .malformedResponse("no '\(key)' string") }
        }
    }
}

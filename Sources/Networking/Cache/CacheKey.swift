/// What identifies a cached response: service + API method + canonical parameters (page included).
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    public var service: String
    public var method: String
    public var parameters: String

    public init(service: String, method: String, parameters: CanonicalParameters) {
        self.service = service
        self.method = method
        self.parameters = parameters.canonicalString
    }

    public var description: String { parameters.isEmpty ? method : "\(method) \(parameters)" }
}

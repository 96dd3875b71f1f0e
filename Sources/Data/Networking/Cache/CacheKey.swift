/// What identifies a cached response: service + API method + canonical parameters (page included).
package struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    package var service: String
    package var method: String
    package var parameters: String

    package init(service: String, method: String, parameters: CanonicalParameters) {
        self.service = service
        self.method = method
        self.parameters = parameters.canonicalString
    }

    package var description: String { parameters.isEmpty ? method : "\(method) \(parameters)" }
}

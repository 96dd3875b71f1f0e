/// A fully assembled request, ready for the transport: which service and API method, the
/// canonical parameters, which attempt this is, and the signature over them.
public struct SignedRequest: Sendable, Hashable {
    public var service: Service
    /// The API method on the service (`rent.list`).
    public var method: String
    public var parameters: CanonicalParameters
    /// 0 for the first send of these parameters by a manager, then 1, 2… (retries draw new luck).
    public var attempt: Int
    /// Lowercase hex HMAC-SHA256; see `RequestSigner`.
    public var signature: String

    public init(service: Service, method: String, parameters: CanonicalParameters, attempt: Int, signature: String) {
        self.service = service
        self.method = method
        self.parameters = parameters
        self.attempt = attempt
        self.signature = signature
    }

    /// The URL a real client would call (for traces and display only).
    public var url: String {
        let query = parameters.canonicalString
        return "\(service.baseURL)/\(method)" + (query.isEmpty ? "" : "?\(query)")
    }
}

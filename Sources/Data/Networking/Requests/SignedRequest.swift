/// A fully assembled request, ready for the transport: which service and API method, the
/// canonical parameters, which attempt this is, and the signature over them.
package struct SignedRequest: Sendable, Hashable {
    package var service: Service
    /// The API method on the service (`rent.list`).
    package var method: String
    package var parameters: CanonicalParameters
    /// 0 for the first send of these parameters by a manager, then 1, 2… (retries draw new luck).
    package var attempt: Int
    /// Lowercase hex HMAC-SHA256; see `RequestSigner`.
    package var signature: String

    package init(service: Service, method: String, parameters: CanonicalParameters, attempt: Int, signature: String) {
        self.service = service
        self.method = method
        self.parameters = parameters
        self.attempt = attempt
        self.signature = signature
    }

    /// The URL a real client would call (for traces and display only).
    package var url: String {
        let query = parameters.canonicalString
        return "\(service.baseURL)/\(method)" + (query.isEmpty ? "" : "?\(query)")
    }
}

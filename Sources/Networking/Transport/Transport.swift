/// What sends a signed request and returns the raw response bytes: the seam between the
/// intensive layer (assemble, sign, send) and a server. The fake server implements it; a real
/// HTTP client could too. Implementations must honour task cancellation by throwing `.cancelled`.
public protocol Transport: Sendable {
    func send(_ request: SignedRequest) async throws(APIError) -> [UInt8]
}

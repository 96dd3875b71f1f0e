/// What sends a signed request and returns the raw response bytes: the seam between the
/// intensive layer (assemble, sign, send) and a server. The fake server implements it; a real
/// HTTP client could too. Implementations must honour task cancellation by throwing `.cancelled`.
///
/// `nonisolated(nonsending)`: the call runs on its caller's actor (the main actor, for the managers)
/// until it really waits, so an answer that is ready at once costs no hop to another thread and back.
package protocol Transport: Sendable {
    nonisolated(nonsending) func send(_ request: SignedRequest) async throws(APIError) -> [UInt8]
}

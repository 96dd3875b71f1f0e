/// Everything that can go wrong with one API call, as one value every consumer can switch over.
/// Each case carries or produces a sentence a user can read (`userMessage`).
package enum APIError: Error, Sendable, Hashable {
    /// The parameters failed the API's validation; no request was sent.
    case parameters(String)
    /// The server answered, but with nothing to show.
    case noContent
    /// The server did not answer in time.
    case timeout
    /// There is no network (offline, or the connection dropped).
    case noNetwork
    /// The request was cancelled (a newer request, teardown of its screen, or an interceptor's veto).
    case cancelled
    /// The server rejected the request's signature.
    case signatureRejected
    /// The response could not be understood; the detail says what was wrong.
    case malformedResponse(String)

    /// A sentence for a status line.
    package var userMessage: String {
        switch self {
        case .parameters(let detail): "Invalid request: \(detail)."
        case .noContent: "Nothing to show."
        case .timeout: "The server took too long to answer."
        case .noNetwork: "No network connection."
        case .cancelled: "Cancelled."
        case .signatureRejected: "The server rejected the request's signature."
        case .malformedResponse(let detail): "The server sent a response we could not read: \(detail)."
        }
    }

    /// A short name for traces ("timeout", "malformed").
    package var shortName: String {
        switch self {
        case .parameters: "parameters"
        case .noContent: "no content"
        case .timeout: "timeout"
        case .noNetwork: "no network"
        case .cancelled: "cancelled"
        case .signatureRejected: "signature rejected"
        case .malformedResponse: "malformed"
        }
    }
}

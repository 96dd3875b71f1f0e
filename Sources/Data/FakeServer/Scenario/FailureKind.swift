import Networking

/// The failures a scenario can inject, each with its own probability.
package enum FailureKind: String, Sendable, Hashable, CaseIterable {
    /// The server holds the request for the whole latency range, then the call times out.
    case timeout
    /// The connection drops.
    case noNetwork = "no-network"
    /// The server answers with truncated JSON.
    case malformed
    /// The server answers with an empty body.
    case noContent = "no-content"

    /// The error a client sees for this failure.
    package var error: APIError {
        switch self {
        case .timeout: .timeout
        case .noNetwork: .noNetwork
        case .malformed: .malformedResponse("truncated JSON")
        case .noContent: .noContent
        }
    }
}

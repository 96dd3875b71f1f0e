/// Where a manager is in its life: what a role reads, for instance to retry a failed load when the
/// network comes back.
package enum LoadState: Sendable, Hashable {
    /// Nothing loaded yet (or the only request was cancelled).
    case idle
    /// At least one request is in flight.
    case loading
    /// The last request succeeded; the data is in `fetchData`.
    case loaded
    /// The last request failed.
    case failed(APIError)

    /// A short label for traces and status lines.
    package var label: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed(let error): "failed (\(error.shortName))"
        }
    }

    /// True after a failed load (a screen offers a retry then).
    package var isFailed: Bool {
        if case .failed = self { true } else { false }
    }
}

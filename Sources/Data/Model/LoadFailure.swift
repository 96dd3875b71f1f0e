/// Why data could not be loaded, in the model's words: what a role shows for a failure. The list
/// roles make it from the manager's `APIError` (`LoadFailure(_:)`, in ModelServices); `PictureService`
/// hands it over as it is.
package enum LoadFailure: Error, Sendable, Hashable {
    /// The source has nothing to show (an empty first page).
    case empty
    /// The load was cancelled (a newer load, a source switch, the screen went away): show nothing.
    case cancelled
    /// Any other failure: a sentence for a status line and a short name for the trace.
    case failed(userMessage: String, shortName: String)

    /// A sentence for a status line.
    package var userMessage: String {
        switch self {
        case .empty: "Nothing to show."
        case .cancelled: "Cancelled."
        case .failed(let userMessage, _): userMessage
        }
    }

    /// A short name for traces ("timeout", "malformed").
    package var shortName: String {
        switch self {
        case .empty: "empty"
        case .cancelled: "cancelled"
        case .failed(_, let shortName): shortName
        }
    }
}

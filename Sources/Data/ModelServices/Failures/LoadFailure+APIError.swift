import Model
import Networking

extension LoadFailure {
    /// The network layer's error in the model's words: the one place `APIError` is translated.
    package init(_ error: APIError) {
        switch error {
        case .noContent: self = .empty
        case .cancelled: self = .cancelled
        default: self = .failed(userMessage: error.userMessage, shortName: error.shortName)
        }
    }
}

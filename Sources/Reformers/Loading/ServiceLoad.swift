import Model
import Networking

/// The one way the four patterns start a load from a model-layer service (`ListingsFeed`,
/// `PictureService`): in a task the calling role owns and cancels, started at once, so the request
/// leaves inside the event that asked for it (and inside its trace action). A cancelled load —
/// replaced by a newer one, a source switch, the screen torn down — delivers nothing; any other
/// outcome goes to exactly one of `loaded` and `failed`, which hold the role weakly. The role
/// goes on after starting the load, so a reply from the network lands on a later turn
/// (`LoadTurn.repliesLater`), never inside the event, even when the server answers at once.
@MainActor
public enum ServiceLoad {
    @discardableResult
    public static func start<Value>(
        _ load: @escaping @MainActor () async throws(LoadFailure) -> Value,
        loaded: @escaping @MainActor (Value) -> Void,
        failed: @escaping @MainActor (LoadFailure) -> Void
    ) -> Task<Void, Never> {
        Task.immediate {
            let outcome = await LoadTurn.$repliesLater.withValue(true) { () async -> Result<Value, LoadFailure> in
                do throws(LoadFailure) {
                    return .success(try await load())
                } catch {
                    return .failure(error)
                }
            }
            switch outcome {
            case .success(let value):
                guard !Task.isCancelled else { return }
                loaded(value)
            case .failure(let error):
                guard !Task.isCancelled, error != .cancelled else { return }
                failed(error)
            }
        }
    }
}

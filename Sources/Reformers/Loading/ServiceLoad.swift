import Model

/// The one way the four patterns start a load from a model-layer service (`PersonService`,
/// `ListingsFeed`): in a task the calling role owns and cancels, started at once, so the request
/// leaves inside the event that asked for it (and inside its trace action). A cancelled load —
/// replaced by a newer one, a source switch, the screen torn down — delivers nothing; any other
/// outcome goes to exactly one of `loaded` and `failed`, which hold the role weakly.
@MainActor
public enum ServiceLoad {
    @discardableResult
    public static func start<Value>(
        _ load: @escaping @MainActor () async throws(LoadFailure) -> Value,
        loaded: @escaping @MainActor (Value) -> Void,
        failed: @escaping @MainActor (LoadFailure) -> Void
    ) -> Task<Void, Never> {
        Task.immediate {
            do throws(LoadFailure) {
                let value = try await load()
                guard !Task.isCancelled else { return }
                loaded(value)
            } catch {
                guard !Task.isCancelled, error != .cancelled else { return }
                failed(error)
            }
        }
    }
}

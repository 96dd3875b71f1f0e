import Model
import ModelServices
import Testing

/// A picture service a test answers by hand, shared by the detail tests of all four patterns: a
/// load waits for `reply(_:)`. Like the real service, a load whose task was cancelled throws
/// `.cancelled`, and the waiting load ends when its task is cancelled.
@MainActor
package final class FakePictureService: PictureService {
    package private(set) var requestedURLs: [String] = []
    private var pending: CheckedContinuation<Result<Picture, LoadFailure>, Never>?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    package init() {}

    /// A 2×2 picture: red, green, blue, white.
    package static let picture = Picture(width: 2, height: 2, rgb: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])!

    package var isLoading: Bool { pending != nil }

    package func picture(at url: String) async throws(LoadFailure) -> Picture {
        requestedURLs.append(url)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { pending = $0 }
        } onCancel: {
            Task { @MainActor in self.reply(.failure(.cancelled)) }
        }
        if Task.isCancelled { throw .cancelled }
        return try result.get()
    }

    /// Answers the load in flight, if there is one.
    package func reply(_ result: Result<Picture, LoadFailure>) {
        let continuation = pending
        pending = nil
        continuation?.resume(returning: result)
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no load is waiting: answered, or ended because its task was cancelled. Fails
    /// the test after `WaitLimit.standard` if one still waits.
    package func untilIdle(sourceLocation: SourceLocation = #_sourceLocation) async {
        guard pending != nil else { return }
        await bounded("the picture service to be idle", sourceLocation: sourceLocation) {
            await withCheckedContinuation { self.idleWaiters.append($0) }
        }
    }
}

import Model
import Reformers

/// A person service a test answers by hand, shared by the greeting tests of all four patterns: a
/// load waits for `reply(_:)`, and `cancel()` ends it with `.cancelled`. Like the real service, a
/// load whose task was cancelled throws `.cancelled`.
@MainActor
public final class FakePersonService: PersonService {
    public private(set) var requestedIDs: [String] = []
    public private(set) var cancelCount = 0
    private var pending: CheckedContinuation<Result<Person, LoadFailure>, Never>?

    public init() {}

    public var isLoading: Bool { pending != nil }

    public func loadPerson(id: String) async throws(LoadFailure) -> Person {
        requestedIDs.append(id)
        reply(.failure(.cancelled))  // a load while one waits (a broken retry gate) ends the waiting one
        let result = await withCheckedContinuation { pending = $0 }
        if Task.isCancelled { throw .cancelled }
        return try result.get()
    }

    /// Answers the load in flight, if there is one.
    public func reply(_ result: Result<Person, LoadFailure>) {
        let continuation = pending
        pending = nil
        continuation?.resume(returning: result)
    }

    public func cancel() {
        cancelCount += 1
        reply(.failure(.cancelled))
    }
}

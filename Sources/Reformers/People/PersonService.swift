import Model
import Networking
import Tracing

/// The model layer's person service (oybq's "business logic sinks into the model"): the one door
/// every greeting module uses to load a person. It speaks the model's words — a `Person`, or a
/// `LoadFailure` — so no pattern role names the network layer, formats an `APIError` or reads a
/// manager's state; all four patterns load through the same service, so their traces and code
/// differ only by the pattern.
@MainActor
public protocol PersonService: AnyObject {
    /// True while a load is in flight.
    var isLoading: Bool { get }
    /// Loads the person with `id`. Throws `.cancelled` when the load was cancelled (by `cancel()`,
    /// the module's teardown, or the calling task's cancellation), even if the reply had arrived:
    /// a cancelled load delivers nothing.
    func loadPerson(id: String) async throws(LoadFailure) -> Person
    /// Cancels the load in flight; its caller gets `.cancelled`.
    func cancel()
}

/// The person service over the person API: its manager (on the module's landing point, so the
/// module's teardown cancels it) read through `PersonReformer`.
@MainActor
public final class PersonAPIService: PersonService {
    private let manager: PersonManager
    private let reformer = PersonReformer()

    /// - Parameter manager: the person API's manager; its landing point belongs to the module.
    public init(manager: PersonManager) {
        self.manager = manager
    }

    public var isLoading: Bool { manager.isLoading }

    public func loadPerson(id: String) async throws(LoadFailure) -> Person {
        trace(.model, self, "load \(id)")
        manager.parameters = [PersonAPI.idParameter: id]
        let person: Person?
        do throws(APIError) {
            person = try await manager.load(reformer: reformer)
        } catch {
            throw LoadFailure(error)
        }
        // The caller went away while the reply travelled: what arrived is no longer wanted.
        guard !Task.isCancelled else { throw .cancelled }
        guard let person else { throw LoadFailure(APIError.malformedResponse("not a person")) }
        return person
    }

    public func cancel() {
        trace(.model, self, "cancel")
        manager.cancelAllRequests()
    }
}

extension NetworkEnvironment {
    /// The person service for one screen module, its requests landing on `landingPoint` (cancel
    /// that on teardown).
    public func makePersonService(landingPoint: LandingPoint) -> any PersonService {
        PersonAPIService(manager: makePersonManager(landingPoint: landingPoint))
    }
}

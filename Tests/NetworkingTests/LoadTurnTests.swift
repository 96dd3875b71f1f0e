import Model
import Networking
import Reformers
import Testing

/// On which turn a reply comes back (`LoadTurn`): at once to an async caller, on a later turn to a
/// delegate-style call or a load an event started (`ServiceLoad`), in the same order either way.
@MainActor @Suite struct LoadTurnTests {
    /// A main-actor task queued before the call runs only if the caller gives up the main actor,
    /// so it tells whether the call suspended.
    @MainActor final class TurnWitness {
        var laterTurnRan = false
        init() { Task { @MainActor in self.laterTurnRan = true } }
    }

    @Test("an async load at zero latency returns on the caller's turn, in the documented order")
    func asyncLoadLandsAtOnce() async throws {
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(interceptors: [interceptor])
        let landing = environment.makeLandingPoint("list")
        let manager = environment.makeRentListManager(landingPoint: landing)
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let states = manager.states()

        let witness = TurnWitness()
        let data = try await manager.firstPage()
        #expect(!witness.laterTurnRan, "the caller never suspended")
        #expect(data["items"]?.arrayValue?.count == 20)
        #expect(delegate.successes == 1)
        #expect(interceptor.calls == ["shouldCall", "afterCall", "didReceiveResponse", "beforeSuccess", "afterSuccess"])
        #expect(environment.monitor.inFlight == 0 && environment.monitor.isQuiet)
        #expect(environment.journal.records.map(\.outcome) == [.succeeded(items: 20)])

        landing.cancelAll()
        var seen: [LoadState] = []
        for await state in states { seen.append(state) }
        #expect(seen == [.idle, .loading, .loaded])
    }

    @Test("a delegate-style load at zero latency calls back on a later turn")
    func delegateCallsBackLater() async {
        let environment = Support.environment()
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.loadFirstPage()
        #expect(delegate.successes == 0 && manager.isLoading && manager.state == .loading)
        await environment.settle()
        #expect(delegate.successes == 1 && manager.state == .loaded)
    }

    @Test("a load an event started (LoadTurn.repliesLater) lands after the event, as before")
    func eventStartedLoadLandsLater() async throws {
        let environment = Support.environment()
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        var loaded: JSONValue?
        ServiceLoad.start { () async throws(LoadFailure) in
            do throws(APIError) { return try await manager.firstPage() } catch { throw LoadFailure(error) }
        } loaded: { loaded = $0 } failed: { _ in }
        #expect(manager.isLoading && delegate.successes == 0 && loaded == nil, "the request left, its reply has not landed")
        await environment.settle()
        #expect(delegate.successes == 1 && loaded?["items"]?.arrayValue?.count == 20)
    }
}

import FakeServer
import Clocks
import Model
import Networking
import Reformers
import Testing

/// On which turn a reply comes back (`LoadTurn`): at once to an async caller, on a later turn to a
/// delegate-style call or a picture load an event started (`loadPicture(at:delegate:)`), in the
/// same order either way.
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

    /// Records how picture loads ended.
    @MainActor final class PictureRecorder: PictureServiceDelegate {
        var pictures: [Picture] = []
        var failures: [LoadFailure] = []
        func pictureService(_ service: any PictureService, didLoad picture: Picture) { pictures.append(picture) }
        func pictureService(_ service: any PictureService, didFailWith failure: LoadFailure) { failures.append(failure) }
    }

    @Test("a picture load tells its delegate once; a cancelled one tells it nothing, even when its reply comes")
    func pictureLoadThroughItsDelegate() async throws {
        let clock = TestClock()
        let environment = Support.environment(Scenario(latency: .milliseconds(300) ... .milliseconds(300)), clock: clock)
        let service = environment.makePictureService()
        let recorder = PictureRecorder()
        service.loadPicture(at: "https://img.anjuke-fake.cn/rent/001.jpg", delegate: recorder)
        await environment.untilAsleep()
        #expect(recorder.pictures.isEmpty, "on its way")
        await clock.advance(by: .milliseconds(300))
        await environment.settle()
        #expect(recorder.pictures.count == 1 && recorder.failures.isEmpty)
        let load = service.loadPicture(at: "https://img.anjuke-fake.cn/rent/002.jpg", delegate: recorder)
        await environment.untilAsleep()
        load.cancel()
        await clock.advance(by: .milliseconds(300))
        await environment.settle()
        #expect(recorder.pictures.count == 1 && recorder.failures.isEmpty, "the cancelled load's delegate heard nothing")
    }
}

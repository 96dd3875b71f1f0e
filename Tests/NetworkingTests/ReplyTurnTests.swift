import FakeServer
import Clocks
import Model
import Networking
import ModelServices
import Testing

/// On which turn a reply comes back: a load's delegate hears of a request it sent on a later turn
/// than the call, even at zero latency, in the documented order; a picture load an event started
/// (`loadPicture(at:delegate:)`) tells its delegate once.
@MainActor @Suite(.timeLimit(.minutes(1))) struct ReplyTurnTests {
    @Test("a load at zero latency calls back on a later turn, in the documented order")
    func delegateCallsBackLater() async {
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(interceptors: [interceptor])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(manager.loadFirstPage())
        #expect(delegate.successes == 0 && manager.isLoading && manager.state == .loading)
        #expect(interceptor.calls == ["shouldCall", "afterCall"])
        await environment.settle()
        #expect(delegate.successes == 1 && manager.state == .loaded)
        #expect(manager.fetchData()?["items"]?.arrayValue?.count == 20)
        #expect(interceptor.calls == ["shouldCall", "afterCall", "didReceiveResponse", "beforeSuccess", "afterSuccess"])
        #expect(environment.monitor.inFlight == 0 && environment.monitor.isQuiet)
        #expect(environment.journal.records.map(\.outcome) == [.succeeded(items: 20)])
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

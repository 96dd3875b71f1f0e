import Networking
import Testing
import Tracing

/// Every event of a call's own work names its request (`TraceEvent.request`), so the trace pane can
/// fold them into one line; the delegate's reaction does not, and the deciding events say what the
/// request came to.
@MainActor
@Suite("Networking: a request's events name it")
struct RequestTraceTests {
    /// A delegate that traces what it heard, as a view model or presenter does.
    final class TracedDelegate: APIManagerDelegate {
        let recording = RecordingDelegate()

        func managerDidSucceed(_ manager: any DataManaging) {
            @Traced(.viewModel, self, "heard") var call
            recording.managerDidSucceed(manager)
        }

        func managerDidFail(_ manager: any DataManaging, error: APIError) {
            @Traced(.viewModel, self, "heard a failure") var call
            recording.managerDidFail(manager, error: error)
        }
    }

    @Test func aCallsOwnEventsNameItsRequestAndTheDelegatesDoNot() async throws {
        let environment = Support.environment(interceptors: [TracingInterceptor()])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = TracedDelegate()
        manager.delegate = delegate
        let (_, sent) = await Support.traced { await delegate.recording.load { manager.loadFirstPage() } }
        let heard = try #require(sent.first { $0.detail == "heard" })
        #expect(heard.request == nil, "the delegate's reaction is the screen's, not the request's")
        let own = sent.filter { $0.sequence != heard.sequence }
        let id = try #require(own.first?.request?.id)
        #expect(own.count >= 7 && own.allSatisfy { $0.request?.id == id }, "\(own.map { "\($0.call) \($0.request as Any)" })")
        #expect(own.compactMap(\.request?.outcome) == ["rent.list page 1: sent, no reply yet", "rent.list page 1: 20 items in 0 ms"])

        let (_, cached) = await Support.traced { await delegate.recording.load { manager.loadFirstPage() } }
        let hit = cached.filter { $0.request != nil }
        #expect(!hit.isEmpty && hit.allSatisfy { $0.request?.id == hit[0].request?.id }, "one request: one tag")
        #expect(hit.compactMap(\.request?.outcome) == ["rent.list page 1: cache hit (memory)"])
    }
}

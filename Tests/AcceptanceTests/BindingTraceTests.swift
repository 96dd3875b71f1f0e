import PatternVocabulary
import Terminal
import Testing
import Tracing

/// MVP's presenter tells its view; MVVM's view model only sets a value and the binding tells the
/// view. The trace shows which: the line between the partner and the view.
@MainActor
@Suite("Acceptance: the binding in the trace", .timeLimit(.minutes(1)))
struct BindingTraceTests {
    /// The event that called `event`, among `events`.
    private func caller(of event: TraceEvent, in events: [TraceEvent]) -> TraceEvent? {
        events.first { $0.sequence == event.caller }
    }

    @Test("MVVM's greeting: the view model sets the greeting, greetingDidChange calls the view")
    func greetingBinding() async throws {
        let app = AcceptanceApp(.mvvm, .greeting)
        await app.settle()
        await app.press(.enter)
        let events = app.lastActionEvents
        let view = try #require(events.first { $0.role == .view && $0.call == "GreetingViewController.showGreeting" })
        let binding = try #require(caller(of: view, in: events))
        #expect(binding.call == "GreetingViewModel.greeting" && binding.detail == "set → greetingDidChange",
                "the view is called from the view model's setter, by the closure it installed: \(binding)")
        #expect(caller(of: binding, in: events)?.call == "GreetingViewModel.showGreeting")
    }

    @Test("MVP's greeting: the presenter calls its view itself")
    func presenterTellsTheView() async throws {
        let app = AcceptanceApp(.mvp, .greeting)
        await app.settle()
        await app.press(.enter)
        let events = app.lastActionEvents
        let view = try #require(events.first { $0.call == "GreetingViewController.setGreeting" })
        #expect(caller(of: view, in: events)?.role == .presenter)
    }

    @Test("MVVM's listings: each output the view model sets is a Binding line over the view method it calls")
    func observableBinding() async throws {
        let app = AcceptanceApp(.mvvm, .listings)
        await app.settle()
        let events = app.events
        let rows = try #require(events.last { $0.call == "ListingsViewController.showRows" })
        let binding = try #require(caller(of: rows, in: events))
        #expect(binding.role == .binding && binding.call == "Observable.value" && binding.detail == "rows → 1 observer")
        #expect(caller(of: binding, in: events)?.role == .viewModel, "set by the view model")
    }
}

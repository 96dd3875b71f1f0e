import Model
@testable import MVC
import ScreenViews
import Terminal
import Testing
import Widgets

/// The greeting's logic lives in `GreetingViewController`, so the only way to test it is the way
/// a user meets it: load the controller's view, type into its fields, press its button, read its
/// labels. Every test needs a window, a fake network and the view's widgets: that cost is Cocoa
/// MVC's testability, measured.
@MainActor
@Suite("MVC greeting: the controller, driven through its view")
struct MVCGreetingViewControllerTests {
    /// The controller keeps its views private; a test reaches them through the view it loaded.
    private func form(_ harness: MVCHarness) -> GreetingFormView {
        harness.module!.rootViewController.view as! GreetingFormView
    }

    /// Replaces a field's text by typing, so the field tells its delegate (setting `text` in code
    /// sends no event, as in UIKit).
    private func type(_ text: String, into field: TextField) {
        field.text = ""
        for character in text { _ = field.handleKey(.character(character)) }
    }

    @Test("appear: says it is loading, then shows the person the API sent")
    func loadSuccess() async throws {
        let harness = MVCHarness(GreetingBuilder.build, latency: .milliseconds(300))
        #expect(form(harness).statusLabel.text == "Loading names …")
        await harness.advance(by: .milliseconds(300))
        #expect(form(harness).statusLabel.text == "")
        #expect(harness.appState.personOrigin == .service)
        #expect(form(harness).firstNameField.text == harness.appState.person.firstName)
    }

    @Test("a known person is not loaded again")
    func knownPerson() async throws {
        let appState = AppState(person: Person(id: "x", firstName: "Ada", lastName: "Lovelace"), personOrigin: .user)
        let harness = MVCHarness(GreetingBuilder.build, appState: appState)
        #expect(harness.network.monitor.inFlight == 0)
        #expect(form(harness).firstNameField.text == "Ada")
    }

    @Test("a failed load says why; r loads again")
    func failureAndRetry() async throws {
        let harness = MVCHarness(GreetingBuilder.build, offline: true)
        await harness.settle()
        #expect(form(harness).statusLabel.text == "Could not load the names: No network connection. Press r to retry.")
        harness.network.scenario?.offline = false
        harness.press(.character("r"))  // the button has focus and ignores it; the controller takes it
        await harness.settle()
        #expect(form(harness).statusLabel.text == "")
        #expect(harness.appState.personOrigin == .service)
    }

    @Test("the button greets the person in the model")
    func greets() async throws {
        let harness = MVCHarness(GreetingBuilder.build)
        await harness.settle()
        harness.press(.enter)  // focus starts on the button
        #expect(form(harness).greetingLabel.text == "Hello David Blaine")
    }

    @Test("an empty name gets the validation message")
    func validation() async throws {
        let harness = MVCHarness(GreetingBuilder.build)
        await harness.settle()
        type("  ", into: form(harness).lastNameField)
        form(harness).showGreetingButton.sendActions()
        #expect(harness.appState.person.lastName == "  ")
        #expect(form(harness).greetingLabel.text == "Please enter a first and a last name.")
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async throws {
        let harness = MVCHarness(GreetingBuilder.build, latency: .milliseconds(300))
        type("Ann", into: form(harness).firstNameField)
        await harness.advance(by: .milliseconds(300))
        #expect(harness.appState.personOrigin == .user)
        #expect(harness.appState.person.firstName == "Ann")
        #expect(form(harness).firstNameField.text == "Ann")
    }

    @Test("teardown cancels the load: its reply never lands, nothing stays alive")
    func teardownCancels() async throws {
        let harness = MVCHarness(GreetingBuilder.build, latency: .milliseconds(300))
        weak let controller = harness.module?.rootViewController
        harness.tearDown()
        await harness.advance(by: .milliseconds(300))
        #expect(harness.network.monitor.inFlight == 0)
        #expect(harness.appState.personOrigin == .placeholder)
        #expect(controller == nil)
    }
}

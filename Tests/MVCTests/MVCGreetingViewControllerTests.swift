import FakeServer
import Mediator
import Model
import Networking
@testable import MVC
import Reformers
import ScreenViews
import Terminal
import TestSupport
import Testing
import Widgets

/// The greeting's logic lives in `GreetingViewController`, so the only way to test it is the way
/// a user meets it: load the controller's view, type into its fields, press its keys, read its
/// labels. Every test needs a window and the view's widgets (the person service, the controller's
/// one boundary, is a fake): that cost is Cocoa MVC's testability, measured.
@MainActor
@Suite("MVC greeting: the controller, driven through its view", .timeLimit(.minutes(1)))
struct MVCGreetingViewControllerTests {
    static let liuQian = Person(id: "david-blaine", firstName: "谦", lastName: "刘")
    static let offline = LoadFailure.failed(userMessage: "No network connection.", shortName: "no network")

    private let service = FakePersonService()

    /// The controller over the fake service, on screen in a window; teardown as the builder's.
    private func makeHarness(appState: AppState = AppState()) -> MVCHarness {
        MVCHarness({ [service] context in
            let controller = GreetingViewController(
                appState: context.appState, personService: service, networkStatus: context.network.makeNetworkStatus())
            return HostedScreen(rootViewController: controller) { [weak controller] in controller?.cancelLoading() }
        }, appState: appState)
    }

    private func controller(_ harness: MVCHarness) -> GreetingViewController {
        harness.module!.rootViewController as! GreetingViewController
    }

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

    /// Answers the load in flight and waits until the controller has handled the answer.
    private func reply(_ result: Result<Person, LoadFailure>, in harness: MVCHarness) async {
        service.reply(result)
        await controller(harness).loadTask?.value
        harness.render()
    }

    @Test("appear: says it is loading, then shows the person the service sent")
    func loadSuccess() async throws {
        let harness = makeHarness()
        #expect(form(harness).statusLabel.text == "Loading names …")
        #expect(service.requestedIDs == ["david-blaine"])
        await reply(.success(Self.liuQian), in: harness)
        #expect(form(harness).statusLabel.text == "")
        #expect(harness.appState.person == Self.liuQian)
        #expect(harness.appState.personOrigin == .service)
        #expect(form(harness).firstNameField.text == "谦")
    }

    @Test("a known person is not loaded again")
    func knownPerson() throws {
        let appState = AppState(person: Person(id: "x", firstName: "Ada", lastName: "Lovelace"), personOrigin: .user)
        let harness = makeHarness(appState: appState)
        #expect(service.requestedIDs.isEmpty)
        #expect(form(harness).firstNameField.text == "Ada")
    }

    @Test("a failed load says why; then r is allowed and loads again")
    func failureAllowsRetry() async throws {
        let harness = makeHarness()
        await reply(.failure(Self.offline), in: harness)
        #expect(form(harness).statusLabel.text == "Could not load the names: No network connection. Press r to retry.")
        harness.press(.character("r"))  // the button has focus and ignores it; the controller takes it
        #expect(service.requestedIDs.count == 2)
        #expect(form(harness).statusLabel.text == "Loading names …")
        await reply(.success(Self.liuQian), in: harness)
        #expect(form(harness).statusLabel.text == "")
        #expect(harness.appState.personOrigin == .service)
    }

    @Test("r while a load is in flight is ignored, before and after a failure")
    func retryInFlightIgnored() async throws {
        let harness = makeHarness()
        harness.press(.character("r"))  // the first load is in flight
        #expect(service.requestedIDs.count == 1)

        await reply(.failure(Self.offline), in: harness)
        harness.press(.character("r"), .character("r"))  // the second r finds the retry in flight
        #expect(service.requestedIDs.count == 2)
        #expect(form(harness).statusLabel.text == "Loading names …")
    }

    @Test("the button greets the person in the model")
    func greets() throws {
        let harness = makeHarness(appState: AppState(personOrigin: .user))
        harness.press(.enter)  // focus starts on the button
        #expect(form(harness).greetingLabel.text == "Hello David Blaine")
    }

    @Test("an empty name gets the validation message")
    func validation() throws {
        let harness = makeHarness(appState: AppState(personOrigin: .user))
        type("  ", into: form(harness).lastNameField)
        form(harness).showGreetingButton.sendActions()
        #expect(harness.appState.person.lastName == "  ")
        #expect(form(harness).greetingLabel.text == "Please enter a first and a last name.")
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async throws {
        let harness = makeHarness()
        type("Ann", into: form(harness).firstNameField)
        await reply(.success(Self.liuQian), in: harness)
        #expect(harness.appState.personOrigin == .user)
        #expect(harness.appState.person.firstName == "Ann")
        #expect(form(harness).firstNameField.text == "Ann")
        #expect(form(harness).statusLabel.text == "")
    }

    @Test("teardown cancels the load: nothing reaches the views or the model afterwards")
    func teardownCancels() async throws {
        let harness = makeHarness()
        let controller = controller(harness)
        let form = form(harness)
        harness.tearDown()
        try #require(service.cancelCount == 1)
        await controller.loadTask?.value  // the cancelled load has ended
        #expect(harness.appState.personOrigin == .placeholder)
        #expect(form.statusLabel.text == "Loading names …")
        _ = controller.handleKey(.character("r"))  // a cancelled load is not a failed one
        #expect(service.requestedIDs.count == 1)
    }

    @Test("the builder's teardown cancels the request on the network; nothing stays alive")
    func builderTeardownCancels() async throws {
        let harness = MVCHarness(GreetingBuilder.build, latency: .milliseconds(300))
        weak let controller = harness.module?.rootViewController
        harness.tearDown()
        await harness.advance(by: .milliseconds(300))
        #expect(harness.network.monitor.inFlight == 0)
        #expect(harness.appState.personOrigin == .placeholder)
        #expect(controller == nil)
    }

    // MARK: - The network type (the one notification)

    @Test("a network type change reaches the controller once: its form shows the banner")
    func networkTypeBanner() {
        let harness = makeHarness(appState: AppState(personOrigin: .user))
        #expect(form(harness).networkBanner.isHidden)
        harness.network.switchNetworkType(to: .cellular2G)
        #expect(form(harness).networkBanner.text == "On 2G — pictures off, loads take seconds and may time out")
        #expect(harness.render().contains("On 2G — pictures off"))
        harness.network.switchNetworkType(to: .wifi)
        #expect(form(harness).networkBanner.isHidden)
        #expect(harness.network.networkTypeNotifier.observerCount == 1)
    }

    @Test("when the network is back, a failed load is retried")
    func networkBackRetries() async {
        let harness = makeHarness()
        await reply(.failure(Self.offline), in: harness)
        harness.network.switchNetworkType(to: .offline)
        #expect(form(harness).networkBanner.text == "Offline — will retry when the network is back")
        #expect(service.requestedIDs.count == 1)
        harness.network.switchNetworkType(to: .cellular3G)
        #expect(service.requestedIDs.count == 2)
        #expect(form(harness).statusLabel.text == "Loading names …")
    }

    @Test("after teardown the controller hears no change, and the notifier keeps no observer")
    func noDeliveryAfterTeardown() {
        let harness = makeHarness(appState: AppState(personOrigin: .user))
        let form = form(harness)
        harness.tearDown()
        #expect(harness.network.networkTypeNotifier.observerCount == 0)
        harness.network.switchNetworkType(to: .cellular2G)
        #expect(form.networkBanner.isHidden)
    }
}

import Networking
import Testing
@testable import VIPER

/// The presenter alone, between a spy view and a spy interactor: no widgets, no network, no state.
@MainActor
@Suite("VIPER greeting presenter")
struct VIPERGreetingPresenterTests {
    private let view = ViewSpy()
    private let interactor = InteractorSpy()
    private let presenter: GreetingPresenter

    init() {
        presenter = GreetingPresenter(interactor: interactor, router: RouterDummy())
        presenter.view = view
    }

    @Test("view events become questions for the interactor")
    func forwardsEvents() {
        presenter.viewWillAppear()
        presenter.didEditFirstName("Dav")
        presenter.didEditLastName("B")
        presenter.didTapShowGreeting()
        presenter.didRequestRetry()
        #expect(interactor.calls == ["provideNames", "updateFirstName(Dav)", "updateLastName(B)", "provideGreeting", "reloadNames"])
    }

    @Test("the network type the interactor reports becomes the shared banner text")
    func formatsNetworkBanner() {
        presenter.didProvideNetworkType(.cellular2G)
        #expect(view.banner == "On 2G — pictures off, loads take seconds and may time out")
        presenter.didProvideNetworkType(.wifi)
        #expect(view.banner == "")
    }

    @Test("greeting data is formatted as greeting + space + subject")
    func formatsGreeting() {
        presenter.didProvideGreeting(GreetingData(greeting: "Hello", subject: "David Blaine"))
        #expect(view.greeting == "Hello David Blaine")
        #expect(view.isGreetingError == false)
    }

    @Test("rejected names show the validation message in the error style")
    func validationMessage() {
        presenter.didRejectNames()
        #expect(view.greeting == "Please enter a first and a last name.")
        #expect(view.isGreetingError == true)
    }

    @Test("loading, a failure's reason in the status sentence, then success clears the status")
    func loadStatuses() {
        presenter.didStartLoadingNames()
        #expect(view.status == "Loading names …")
        #expect(view.isStatusError == false)

        presenter.didFailToLoadNames(reason: "No network connection.")
        #expect(view.status == "Could not load the names: No network connection. Press r to retry.")
        #expect(view.isStatusError == true)

        presenter.didStartLoadingNames()
        presenter.didFinishLoadingNames()
        presenter.didProvideNames(firstName: "Liu", lastName: "Qian")
        #expect(view.status == "")
        #expect(view.names == ["Liu", "Qian"])
    }
}

@MainActor
private final class ViewSpy: GreetingView {
    var names: [String] = []
    var greeting: String?
    var isGreetingError: Bool?
    var status: String?
    var isStatusError: Bool?
    var banner: String?

    func showNames(firstName: String, lastName: String) { names = [firstName, lastName] }
    func showGreeting(_ text: String, isError: Bool) { (greeting, isGreetingError) = (text, isError) }
    func showStatus(_ text: String, isError: Bool) { (status, isStatusError) = (text, isError) }
    func showNetworkBanner(_ text: String) { banner = text }
}

@MainActor
private final class InteractorSpy: GreetingInteractorInput {
    var calls: [String] = []

    func provideNames() { calls.append("provideNames") }
    func reloadNames() { calls.append("reloadNames") }
    func updateFirstName(_ firstName: String) { calls.append("updateFirstName(\(firstName))") }
    func updateLastName(_ lastName: String) { calls.append("updateLastName(\(lastName))") }
    func provideGreeting() { calls.append("provideGreeting") }
}

@MainActor
private final class RouterDummy: GreetingRouting {}

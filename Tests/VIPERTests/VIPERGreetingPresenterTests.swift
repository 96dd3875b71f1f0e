import Testing
@testable import VIPER

/// The presenter between a spy view and a spy provider: it turns events into requests and the
/// interactor's plain data into the exact strings the view shows.
@MainActor
@Suite("VIPER: greeting presenter", .timeLimit(.minutes(1)))
struct VIPERGreetingPresenterTests {
    final class SpyGreetingView: GreetingView {
        var told: [String] = []
        func setGreeting(_ greeting: String) { told.append("greeting \(greeting)") }
        func setWarning(_ warning: String) { told.append("warning \(warning)") }
        func setNames(firstName: String, lastName: String) { told.append("names \(firstName) \(lastName)") }
    }

    final class SpyGreetingProvider: GreetingProvider {
        var asked: [String] = []
        func provideGreetingData() { asked.append("greeting data") }
        func provideNames() { asked.append("names") }
        func updateNames(firstName: String, lastName: String) { asked.append("update \(firstName) \(lastName)") }
    }

    let view = SpyGreetingView()
    let provider = SpyGreetingProvider()

    func makePresenter() -> GreetingPresenter {
        let presenter = GreetingPresenter()
        presenter.view = view
        presenter.greetingProvider = provider
        return presenter
    }

    @Test("the view's events become requests to the provider")
    func eventsToProvider() {
        let presenter = makePresenter()
        presenter.didLoadView()
        presenter.didTapShowGreetingButton()
        presenter.didEditNames(firstName: "谦", lastName: "刘")
        #expect(provider.asked == ["names", "greeting data", "update 谦 刘"])
        #expect(view.told.isEmpty)
    }

    @Test("the presenter formats: greeting + \" \" + subject, the warning, the names")
    func formats() {
        let presenter = makePresenter()
        presenter.receiveGreetingData(GreetingData(greeting: "Hello", subject: "David Blaine"))
        presenter.receiveMissingName()
        presenter.receiveNames(firstName: "David", lastName: "Blaine")
        #expect(view.told == ["greeting Hello David Blaine", "warning Please enter a first and a last name.",
                              "names David Blaine"])
    }
}

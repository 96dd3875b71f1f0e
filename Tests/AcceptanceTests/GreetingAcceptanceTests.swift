import FakeServer
import Mediator
import Model
import Networking
import PatternVocabulary
import Terminal
import Testing

/// docs/spec.md, "Greeting", run against every pattern that has the screen.
@MainActor
@Suite("Acceptance: greeting")
struct GreetingAcceptanceTests {
    @Test("appear: the names from the shared model, loaded through the person API", arguments: PatternsUnderTest.greeting)
    func appearLoadsPerson(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, latency: .milliseconds(300))
        await app.settle()
        #expect(app.shows("Loading names …"))
        #expect(app.shows("David"))
        await app.advance(by: .milliseconds(300))
        #expect(!app.shows("Loading names"))
        #expect(app.appState.personOrigin == .service)
        #expect(app.events.contains { $0.role == .network && $0.detail.contains("person") })
    }

    @Test("a known person is not loaded again", arguments: PatternsUnderTest.greeting)
    func knownPersonNotLoaded(pattern: PatternID) async {
        let state = AppState(person: Person(id: "liu-qian", firstName: "谦", lastName: "刘"), personOrigin: .user)
        let app = AcceptanceApp(pattern, .greeting, appState: state)
        await app.settle()
        #expect(!app.events.contains { $0.role == .network })
        #expect(app.shows("谦"))
    }

    @Test("the button greets the person", arguments: PatternsUnderTest.greeting)
    func greets(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting)
        await app.settle()
        await app.press(.enter)
        #expect(app.shows("Hello David Blaine"))
    }

    @Test("empty names show the validation message", arguments: PatternsUnderTest.greeting)
    func validation(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting)
        await app.settle()
        await app.press(.up, .up, .end)
        for _ in 0..<5 { await app.press(.backspace) }
        await app.press(.down, .down, .enter)
        #expect(app.appState.person.firstName.isEmpty)
        #expect(app.shows("Please enter a first and a last name."))
        #expect(!app.shows("Hello"))
    }

    @Test("a failed load says why and r retries", arguments: PatternsUnderTest.greeting)
    func failureAndRetry(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, offline: true)
        await app.settle()
        #expect(app.shows("Could not load the names: No network connection. Press r to retry."))
        app.network.scenario?.offline = false
        await app.press(.character("r"))
        #expect(!app.shows("Could not load"))
        #expect(app.appState.personOrigin == .service)
    }

    @Test("the network type's banner; a load failed offline is retried when the network is back",
          arguments: PatternsUnderTest.greeting)
    func networkBackRetries(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, offline: true)
        await app.settle()
        #expect(app.shows("Could not load the names"))
        app.network.switchNetworkType(to: .offline)
        await app.settle()
        #expect(app.shows("Offline — will retry when the network is back"))
        app.network.switchNetworkType(to: .cellular2G)  // no key: the notification alone retries
        await app.settle()
        #expect(app.shows("On 2G — pictures off, loads take seconds and may time out"))
        #expect(!app.shows("Offline —") && !app.shows("Could not load"))
        #expect(app.appState.personOrigin == .service)
    }

    @Test("what the user types wins over a load that lands later", arguments: PatternsUnderTest.greeting)
    func userEditWins(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, latency: .milliseconds(300))
        await app.settle()
        await app.press(.up, .up)
        await app.type("x")
        await app.advance(by: .milliseconds(300))
        #expect(app.appState.person.firstName == "Davidx")
        #expect(app.appState.personOrigin == .user)
        #expect(app.shows("Davidx"))
    }

    @Test("leaving the screen cancels the load; its reply never lands", arguments: PatternsUnderTest.greeting)
    func teardownCancels(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, latency: .milliseconds(300))
        await app.settle()
        weak let module = app.shell.activeModule
        app.shell.stop()
        await app.advance(by: .milliseconds(300))
        #expect(module == nil)
        #expect(app.network.monitor.inFlight == 0)
        #expect(app.appState.personOrigin == .placeholder)
    }

    @Test("switching pattern during the load: the old module's loading role cancels its load, the new one loads",
          arguments: PatternsUnderTest.greeting)
    func switchCancelsLoad(pattern: PatternID) async {
        // The role each pattern gives loading to: its task is what the builder's teardown cancels.
        let loadingRole: [PatternID: Role] = [.mvc: .controller, .mvp: .presenter, .mvvm: .viewModel, .viper: .interactor]
        let app = AcceptanceApp(pattern, .greeting, latency: .milliseconds(300))
        await app.settle()
        await app.press(.character(pattern == .mvc ? "2" : "1"))
        #expect(app.events.filter { $0.detail == "cancel loading" }.map(\.role) == [loadingRole[pattern]])
        await app.advance(by: .milliseconds(300))
        #expect(!app.shows("Loading names"))
        #expect(app.appState.personOrigin == .service)
    }
}

@MainActor
@Suite("Acceptance: the patterns under test")
struct AcceptanceRegistryTests {
    @Test("every registered screen is under test, and nothing else")
    func listsMatchRegistry() {
        for (screen, listed) in [(ScreenID.greeting, PatternsUnderTest.greeting), (.listings, PatternsUnderTest.listings)] {
            let registered = AcceptanceApp.patterns.filter { $0.builders[screen] != nil }.map { $0.pattern }
            #expect(Set(registered) == Set(listed), "\(screen)")
        }
    }
}

import FakeServer
import Mediator
import Model
import Networking
import PatternVocabulary
import Terminal
import Testing

/// docs/spec.md, "Greeting", run against every pattern that has the screen.
@MainActor
@Suite("Acceptance: greeting", .timeLimit(.minutes(1)))
struct GreetingAcceptanceTests {
    @Test("appear: the shared model's person in the fields; nothing is loaded", arguments: PatternsUnderTest.greeting)
    func appearShowsThePerson(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, latency: .milliseconds(300))
        await app.settle()
        #expect(app.shows("First name [David"))
        #expect(app.shows("Last name [Blaine"))
        #expect(!app.events.contains { $0.role == .network })
        #expect(app.network.monitor.inFlight == 0)
    }

    @Test("the button greets the person", arguments: PatternsUnderTest.greeting)
    func greets(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting)
        await app.settle()
        await app.press(.enter)
        #expect(app.shows("Hello David Blaine"))
    }

    @Test("another person in the model is the one greeted", arguments: PatternsUnderTest.greeting)
    func greetsTheModelsPerson(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting, appState: AppState(person: Person(id: "liu-qian", firstName: "谦", lastName: "刘")))
        await app.settle()
        await app.press(.enter)
        #expect(app.shows("Hello 谦 刘"))
    }

    @Test("empty names show the warning", arguments: PatternsUnderTest.greeting)
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

    @Test("an edit reaches the shared model at once, and the next pattern shows it", arguments: PatternsUnderTest.greeting)
    func editOutlivesTheModule(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting)
        await app.settle()
        await app.press(.up, .up)
        await app.type("x")
        #expect(app.appState.person.firstName == "Davidx")
        await app.press(.escape, .character(pattern == .mvc ? "2" : "1"))
        #expect(app.shows("First name [Davidx"))
        await app.press(.enter)
        #expect(app.shows("Hello Davidx Blaine"))
    }

    @Test("leaving the screen releases the module", arguments: PatternsUnderTest.greeting)
    func teardownReleases(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .greeting)
        await app.settle()
        weak let module = app.shell.activeModule
        app.shell.stop()
        await app.settle()
        #expect(module == nil)
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

import Foundation
import Testing

/// A user's session with the real binary in a real terminal (tmux): greet in one pattern, switch,
/// find the edit kept, shrink the terminal below its minimum and back, browse the listings and a
/// detail, quit. Each step waits for what the screen must show.
@Suite("User flow (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct UserFlowTests {
    @Test func greetSwitchResizeBrowseAndQuit() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 100, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "start")
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")

        // MVP: replace both names (focus starts on the button: ↑ reaches the last name, then the
        // first), then go back down to the button and press it.
        try session.type("2")
        try await session.expectScreen(shows: "MVP · Greeting", "switch to MVP")
        try session.send(keys: "Up")
        try session.send(keys: "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try session.type("张伟")
        try await session.expectScreen(shows: "[张伟", "the last name typed")
        try session.send(keys: "Up")
        try session.send(keys: "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try session.type("Ada")
        try await session.expectScreen(shows: "[Ada", "the first name typed")
        try session.send(keys: "Down", "Down", "Enter")
        try await session.expectScreen(shows: "Hello Ada 张伟", "greet in MVP")

        // VIPER over the same shared model: the edit is there.
        try session.type("4")
        try await session.expectScreen(shows: "VIPER · Greeting", "switch to VIPER")
        try await session.expectScreen(shows: "[张伟", "the edited name kept across the switch")

        // Below the minimum and back.
        try session.resize(width: 30, height: 8)
        try await session.expectScreen(shows: "too small", "30×8")
        try session.resize(width: 100, height: 30)
        try await session.expectScreen(shows: "VIPER · Greeting", "back to 100×30")

        // Listings in MVVM, a detail, back.
        try session.type("3")
        try session.type("l")
        try await session.expectScreen(shows: "MVVM · Listings", "listings in MVVM")
        try await session.expectScreen(shows: "龙湖天街27号楼", "the first rent page")
        try session.send(keys: "Enter")
        try await session.expectScreen(shows: "From the rent API", "the detail of the first row")
        try session.send(keys: "Escape")
        try await session.expectScreen(shows: "[Rent]", "back on the list")

        try session.type("q")
        let status = try await session.waitForExit()
        #expect(status == 0)
    }

    @Test("each pattern's greeting and listing flows, with the detail screen",
          arguments: ["mvc", "mvp", "mvvm", "viper"])
    func patternFlows(pattern: String) async throws {
        let session = try TmuxSession(command: [mvxBinary, "--pattern", pattern, "--latency", "0"], width: 100, height: 30)
        defer { session.close() }
        let name = pattern.uppercased()
        try await session.expectScreen(shows: "\(name) · Greeting", "start")
        try await session.expectScreen(shows: "[Blaine", "the names are in the fields")
        try session.send(keys: "Enter")  // focus starts on the button
        try await session.expectScreen(shows: "Hello David Blaine", "greet")

        try session.type("l")
        try await session.expectScreen(shows: "龙湖天街27号楼", "the first rent page")
        try session.send(keys: "Right")
        try await session.expectScreen(shows: "[New homes]", "another source")
        try await session.expectScreen(shows: "New home · ", "its rows")
        try session.send(keys: "Down", "Enter")
        try await session.expectScreen(shows: "From the xinfang API", "the detail of the second row")
        try await session.expectScreen(shows: "xinfang_name", "the raw keys beside the fields")
        try session.send(keys: "Escape")
        try await session.expectScreen(shows: "[New homes]", "back on the list")

        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func switchingPatternInTheMiddleOfASlowLoad() async throws {
        // Every request takes 1.5 s: MVC's load is still in flight when VIPER replaces it.
        let session = try TmuxSession(
            command: [mvxBinary, "--screen", "listings", "--latency", "1500ms"], width: 100, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "Loading Rent listings …", "MVC starts loading")
        try session.type("4")
        try await session.expectScreen(shows: "VIPER · Listings", "switched while loading")
        try await session.expectScreen(shows: "龙湖天街27号楼", "VIPER's own load lands")
        let screen = try session.capture()
        // The module's columns only: the trace pane may still show the "Loading" its view was given.
        let module = screen.split(separator: "\n").map { $0.split(separator: "│", maxSplits: 1).first ?? "" }
        #expect(!module.contains { $0.contains("Loading") }, "a loading line outlived its request:\n\(screen)")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }
}

/// A mixed app from the command line: the greeting in MVC, the listings in VIPER, each built in
/// its own pattern as the user goes back and forth, and bad per-screen flags refused in one line.
@Suite("Mixed patterns (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct MixedPatternEndToEndTests {
    @Test func startMixedSwitchScreensAndQuit() async throws {
        let session = try TmuxSession(
            command: [mvxBinary, "--greeting-pattern", "mvc", "--listings-pattern", "viper", "--latency", "0"],
            width: 80, height: 24)
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "start on the greeting, in MVC")
        try await session.expectScreen(shows: "g Greeting MVC  l Listings VIPER │ x mix", "the header names the mix")
        try session.send(keys: "Enter")
        try await session.expectScreen(shows: "Controller GreetingViewController", "MVC's controller in the trace")

        try session.type("l")
        try await session.expectScreen(shows: "VIPER · Listings", "the listings, built in VIPER")
        try await session.expectScreen(shows: "龙湖天街27号楼", "VIPER's first page")
        try await session.expectScreen(shows: "ListingsPresenter", "VIPER's presenter in the trace")
        try session.type("g")
        try await session.expectScreen(shows: "MVC · Greeting", "back on the greeting, still MVC")
        try await session.expectScreen(shows: "▸ switch to MVC Greeting · MVC", "the switch in the trace")

        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("--pattern sets both screens; an override wins for its screen")
    func patternAndOverride() async throws {
        let session = try TmuxSession(
            command: [mvxBinary, "--pattern", "mvvm", "--listings-pattern", "mvp", "--screen", "listings", "--latency", "0"],
            width: 100, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "MVP · Listings", "the override for the listings")
        try await session.expectScreen(shows: "g Greeting MVVM  l Listings MVP", "--pattern for the greeting")
        try session.type("g")
        try await session.expectScreen(shows: "MVVM · Greeting", "the greeting in --pattern's pattern")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }

}

/// The per-screen flags on the command line (no terminal needed).
@Suite("Mixed patterns (command line)", .timeLimit(.minutes(1)))
struct MixedPatternCommandLineTests {
    @Test("a bad per-screen pattern: exit 2, an error line naming the flag and the values, no terminal touched",
          arguments: ["--greeting-pattern", "--listings-pattern"])
    func badValue(flag: String) throws {
        let result = try TmuxSession.run([mvxBinary, flag, "mvvc"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "Error: The value 'mvvc' is invalid for '\(flag) <pattern>'. "
                + "Please provide one of 'mvc', 'mvp', 'mvvm' or 'viper'.", "\(result.error)")
        #expect(!result.error.contains("\u{1B}"))
    }

    @Test("mvx run --help documents the per-screen flags and the x key, without value lists under each flag")
    func help() throws {
        let result = try TmuxSession.run([mvxBinary, "run", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--greeting-pattern <pattern>") && result.output.contains("--listings-pattern <pattern>"))
        #expect(result.output.contains("x mix"))
        #expect(result.output.contains("(values: mvc, mvp, mvvm, viper)"))
        #expect(!result.output.contains("        mvc               -"), "no empty description per value")
    }
}

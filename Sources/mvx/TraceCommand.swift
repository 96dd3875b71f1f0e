import AppComposition
import ArgumentParser
import FakeServer
import Foundation
import Mediator
import PatternVocabulary
import Replay
import Shell
import Terminal

/// `mvx trace`: runs a key script on one pattern's screen headlessly — fresh state, zero latency,
/// a settle after every key — and prints every role method the keys reached.
struct TraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Runs a key script headlessly and prints the trace (text, JSON lines or a Mermaid diagram).",
        discussion: """
            \(KeyScript.syntax)
            The trace starts with the screen being built. Unknown patterns, screens, keys or formats \
            exit with 2 and one line naming the bad value.
            Example: mvx trace --pattern viper --screen listings --keys 'enter' --format mermaid
            Mixed: mvx trace --greeting-pattern mvc --listings-pattern viper --keys 'enter l down' (x, 1-4, g, l work as live)
            """
    )

    @Option(help: "The pattern: mvc, mvp, mvvm or viper (every screen, but those given their own below).")
    var pattern: String = PatternID.mvc.argument

    @Option(help: ArgumentHelp("The greeting screen's pattern, for a mixed app (default: --pattern).", valueName: "pattern"))
    var greetingPattern: String?

    @Option(help: ArgumentHelp("The listings screen's pattern, for a mixed app (default: --pattern).", valueName: "pattern"))
    var listingsPattern: String?

    @Option(help: "The screen: greeting or listings.")
    var screen: String = ScreenID.greeting.rawValue

    @Option(help: ArgumentHelp("The keys to press, in order (see below).", valueName: "script"))
    var keys: String = ""

    @Option(help: "text (as the trace pane shows it), json (one event per line) or mermaid (a sequence diagram).")
    var format: String = TraceOutputFormat.text.rawValue

    @Flag(help: "Print only the last action (what compare shows), not the screen's construction before it.")
    var lastAction = false

    mutating func run() async throws {
        let request: TraceRequest
        do {
            request = try TraceRequest(
                pattern: pattern, screen: screen, keys: keys, format: format,
                screenPatterns: [.greeting: greetingPattern, .listings: listingsPattern].compactMapValues { $0 })
        } catch {
            StandardError.write("mvx trace: \(error)")
            throw ExitCode(2)
        }
        let fixtures: Fixtures
        do {
            fixtures = try Fixtures.bundled()
        } catch {
            StandardError.write("mvx trace: the bundled fixtures do not load (\(error))")
            throw ExitCode(1)
        }
        let output = try await Self.replay(request, lastActionOnly: lastAction, fixtures: fixtures)
        FileHandle.standardOutput.write(Data((output + "\n").utf8))
    }

    @MainActor
    private static func replay(_ request: TraceRequest, lastActionOnly: Bool, fixtures: Fixtures) async throws -> String {
        let registry = AppAssembly.patternRegistry()
        let runner = AppAssembly.replayRunner(registry: registry, fixtures: fixtures)
        do {
            let entries = try await runner.run(request.pattern, request.screen, keys: request.keys,
                                               screenPatterns: request.screenPatterns)
            return TraceOutput.render(lastActionOnly ? Array(entries.suffix(1)) : entries, as: request.format)
        } catch {
            StandardError.write("mvx trace: \(error)")
            throw ExitCode(2)
        }
    }
}

/// The command's arguments, checked: each bad one is named in a one-line error.
struct TraceRequest {
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    var pattern: PatternID
    var screen: ScreenID
    var keys: [Key]
    var format: TraceOutputFormat
    /// Screens in another pattern than `pattern`, from `--greeting-pattern` and `--listings-pattern`.
    var screenPatterns: [ScreenID: PatternID]

    init(pattern: String, screen: String, keys: String, format: String, screenPatterns: [ScreenID: String] = [:]) throws {
        guard let pattern = PatternID(argument: pattern) else {
            throw Invalid(description: "unknown pattern '\(pattern)' (mvc, mvp, mvvm or viper)")
        }
        var overrides: [ScreenID: PatternID] = [:]
        for screen in ScreenID.allCases {
            guard let value = screenPatterns[screen] else { continue }
            guard let override = PatternID(argument: value) else {
                throw Invalid(description: "unknown pattern '\(value)' for --\(screen.rawValue)-pattern (mvc, mvp, mvvm or viper)")
            }
            overrides[screen] = override
        }
        self.screenPatterns = overrides
        guard let screen = ScreenID(argument: screen) else {
            throw Invalid(description: "unknown screen '\(screen)' (greeting or listings)")
        }
        guard let format = TraceOutputFormat(rawValue: format.lowercased()) else {
            throw Invalid(description: "unknown format '\(format)' (text, json or mermaid)")
        }
        do {
            self.keys = try KeyScript.parse(keys)
        } catch {
            throw Invalid(description: "\(error) in --keys")
        }
        self.pattern = pattern
        self.screen = screen
        self.format = format
    }
}

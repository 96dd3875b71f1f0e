import AppComposition
import ArgumentParser
import FakeServer
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Mediator
import PatternVocabulary
import Sessions
import SafeFiles
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
            The trace starts with the screen being built. A bad pattern, screen or format is refused by the \
            parser (its values are listed below); a bad key exits with 2 and one line naming it.
            Example: mvx trace --pattern viper --screen listings --keys 'enter' --format mermaid
            Mixed: mvx trace --greeting-pattern mvc --listings-pattern viper --keys 'enter l down' (x, 1-4, g, l work as live)
            A saved session instead of --keys: mvx trace --session docs/sessions/greeting-press.jsonl (its start options, \
            each overridden by a pattern or screen option given here; a bad file exits with 2 and one line).
            """
    )

    @OptionGroup(title: "Patterns")
    var patterns: ScreenPatternOptions

    @Option(help: ArgumentHelp("The keys to press, in order (see below).", valueName: "script"))
    var keys: String = ""

    @Option(help: "text (as the trace pane shows it, folds open: every line), json (one event per line) or mermaid (a sequence diagram).")
    var format: TraceOutputFormat = .text

    @Flag(help: "Print only the last action (what compare shows), not the screen's construction before it.")
    var lastAction = false

    @Option(help: ArgumentHelp("A session file (docs/sessions.md) to replay instead of --keys.", valueName: "file"))
    var session: String?

    mutating func run() async throws {
        var request: TraceRequest
        do {
            request = try TraceRequest(
                pattern: patterns.choice.pattern, screen: patterns.choice.screen, keys: keys, format: format,
                screenPatterns: patterns.choice.screenPatterns)
        } catch {
            StandardError.write("mvx trace: \(error)")
            throw ExitCode(2)
        }
        if let session {
            guard keys.isEmpty else {
                StandardError.write("mvx trace: --keys and --session both say which keys to press: give one")
                throw ExitCode(2)
            }
            do {
                try request.use(Session.load(path: session), under: patterns.choice)
            } catch {
                StandardError.write("mvx trace: \(SafePath.display(session)): \(error)")
                throw ExitCode(2)
            }
        }
        let fixtures: Fixtures
        do {
            fixtures = try Fixtures.bundled()
        } catch {
            StandardError.write("mvx trace: the bundled fixtures do not load (\(error))")
            throw ExitCode(1)
        }
        let output = try await Self.replay(request, lastActionOnly: lastAction, fixtures: fixtures)
        StandardStream.send(output + "\n", to: STDOUT_FILENO)
    }

    @MainActor
    private static func replay(_ request: TraceRequest, lastActionOnly: Bool, fixtures: Fixtures) async throws -> String {
        let registry = AppAssembly.patternRegistry()
        let runner = AppAssembly.replayRunner(registry: registry, fixtures: fixtures, scenario: request.scenario)
        do {
            let entries = try await runner.run(request.pattern, request.screen, keys: request.keys,
                                               size: request.size ?? ReplayRunner.defaultSize,
                                               screenPatterns: request.screenPatterns)
            return TraceOutput.render(lastActionOnly ? Array(entries.suffix(1)) : entries, as: request.format)
        } catch {
            StandardError.write("mvx trace: \(error)")
            throw ExitCode(2)
        }
    }
}

/// The command's arguments, checked. The parser refuses a bad pattern, screen or format; the key
/// script is parsed here, and a bad key is named in a one-line error.
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
    /// The fake network (latency always zero in a replay): a session's seed, failures, offline start.
    var scenario = Scenario.instant
    /// The session's screen size; nil draws at `ReplayRunner.defaultSize`.
    var size: Size?

    /// Replays `session` instead: its start options under what was typed on the command line.
    mutating func use(_ session: Session, under options: ScreenPatternChoice) throws(SessionFileError) {
        let start = options.applied(to: session.start)
        pattern = start.pattern
        screen = start.screen
        screenPatterns = start.screenPatterns
        keys = session.keys.map(\.key)
        scenario = try start.scenario()
        size = start.size
    }

    init(pattern: PatternID, screen: ScreenID, keys: String, format: TraceOutputFormat,
         screenPatterns: [ScreenID: PatternID] = [:]) throws {
        do {
            self.keys = try KeyScript.parse(keys)
        } catch {
            throw Invalid(description: "\(error) in --keys")
        }
        self.pattern = pattern
        self.screen = screen
        self.format = format
        self.screenPatterns = screenPatterns
    }
}

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
            The trace starts with the screen being built. A bad pattern, screen or format is refused by the \
            parser (its values are listed below); a bad key exits with 2 and one line naming it.
            Example: mvx trace --pattern viper --screen listings --keys 'enter' --format mermaid
            Mixed: mvx trace --greeting-pattern mvc --listings-pattern viper --keys 'enter l down' (x, 1-4, g, l work as live)
            """
    )

    @OptionGroup(title: "Patterns")
    var patterns: ScreenPatternOptions

    @Option(help: ArgumentHelp("The keys to press, in order (see below).", valueName: "script"))
    var keys: String = ""

    @Option(help: "text (as the trace pane shows it), json (one event per line) or mermaid (a sequence diagram).")
    var format: TraceOutputFormat = .text

    @Flag(help: "Print only the last action (what compare shows), not the screen's construction before it.")
    var lastAction = false

    mutating func run() async throws {
        let request: TraceRequest
        do {
            request = try TraceRequest(
                pattern: patterns.pattern, screen: patterns.screen, keys: keys, format: format,
                screenPatterns: patterns.screenPatterns)
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

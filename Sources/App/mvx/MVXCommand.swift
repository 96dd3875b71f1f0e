import ArgumentParser
import CodeMetrics
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import FakeServer
import Mediator
import Networking
import PatternVocabulary
import Sessions
import SafeFiles

/// `mvx`: the command line. Parsing and usage errors are swift-argument-parser's; a bad flag
/// prints usage and exits with 2, the code shells use for usage errors. Without a subcommand it
/// runs the interactive app (`RunCommand`), so `mvx --pattern mvp` starts it as it always did.
@main
struct MVXCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mvx",
        abstract: "The four iOS architecture patterns — MVC, MVP, MVVM, VIPER — side by side, live, in a terminal.",
        discussion: """
            Keys: 1-4 switch pattern, Tab/Shift-Tab cycle, g greeting, l listings, x mix (a pattern per screen), \
            ↑↓ move, Enter press, [ ] scroll the trace, c compare, s source, m metrics, n network, D change drills, w save the session, \
            T the guided tour, ? help, q quit. New here? mvx tour walks you through it.
            Sessions: mvx --replay FILE plays one saved with w; mvx trace --session FILE, mvx conform FILE.
            A mixed app from the start: mvx --greeting-pattern mvc --listings-pattern viper.
            MVX_TRACE_FILE=path also writes the trace as JSON lines.
            Without a subcommand mvx runs interactively: `mvx run --help` lists its options (--pattern, --theme, --latency…).
            """,
        version: "mvx \(MVXVersion.current)",
        subcommands: [RunCommand.self, TourCommand.self, TraceCommand.self, MetricsCommand.self, ConformCommand.self,
                      DrillsCommand.self],
        defaultSubcommand: RunCommand.self
    )

    static func main() async {
        do {
            // The arguments as the bytes typed: a path that is not UTF-8 (`cach\xe9`) names that file,
            // not one with U+FFFD in its name (SafePath).
            let arguments = SafePath.arguments().dropFirst()
            // The usual lines skip the reflective parse and the cast (see QuickStart); errors end alike below.
            if let settings = QuickStart.runSettings(arguments) {
                try await settings.run()
                return
            }
            var command = try parseAsRoot(Array(arguments))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // Usage errors exit 2 (argument-parser's default is 64); --help and --version exit 0 and
            // print to standard output. Errors quote what was typed: they go out sanitised.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                terminate(0)
            }
            if !message.isEmpty { StandardError.write(message) }
            terminate(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

extension PatternID: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }

    package var defaultValueDescription: String { argument }

    package static var allValueStrings: [String] { allCases.map(\.argument) }

    /// None: the option's help names the values. (The default for a raw-value enum pairs `MVC` with
    /// `mvc` and made `--help` list every value with an empty description under each pattern flag.)
    package static var allValueDescriptions: [String: String] { [:] }
}

extension ScreenID: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    package static var allValueDescriptions: [String: String] { [:] }
}

extension TraceOutputFormat: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    package static var allValueDescriptions: [String: String] { [:] }
}

extension MetricsOutputFormat: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    package static var allValueDescriptions: [String: String] { [:] }
}

/// The version printed by `--version`.
enum MVXVersion {
    static let current = "0.1.0"
}

/// The C `exit`, named apart from `ParsableCommand.exit(withError:)`.
private func terminate(_ code: Int32) -> Never {
    exit(code)
}

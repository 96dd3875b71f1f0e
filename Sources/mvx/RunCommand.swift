import AppComposition
import ArgumentParser
import FakeServer
import Foundation
import Mediator
import Networking
import PatternVocabulary

/// `mvx run`, the default subcommand: the interactive app in the terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs mvx in the terminal (the default: `mvx` alone does this).",
        discussion: MVXCommand.configuration.discussion
    )

    @OptionGroup(title: "Patterns")
    var patterns: ScreenPatternOptions

    @OptionGroup(title: "Fake network")
    var network: NetworkOptions

    mutating func run() async throws {
        let scenario = try network.scenario()
        let fixtures = try network.loadFixtures()
        let status = try await Self.runInteractive(
            pattern: patterns.pattern, screen: patterns.screen, screenPatterns: patterns.screenPatterns,
            scenario: scenario, fixtures: fixtures)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private static func runInteractive(
        pattern: PatternID, screen: ScreenID, screenPatterns: [ScreenID: PatternID], scenario: Scenario, fixtures: Fixtures
    ) async throws -> Int32 {
        let assembly: AppAssembly
        do {
            assembly = try AppAssembly(scenario: scenario, fixtures: fixtures,
                                       traceFile: ProcessInfo.processInfo.environment["MVX_TRACE_FILE"])
        } catch {
            throw ValidationError(error.description)
        }
        return await InteractiveSession(assembly: assembly, pattern: pattern, screen: screen, screenPatterns: screenPatterns)
            .run()
    }
}

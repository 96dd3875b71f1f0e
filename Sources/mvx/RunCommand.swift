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

    @Option(help: ArgumentHelp(
        "The cache folder: the disk tier of the data and picture caches, and the operation log's file (default: $XDG_CACHE_HOME/mvx, else ~/.cache/mvx, when writable).",
        valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "Keep the caches in memory only: nothing is read from or written to the cache folder's responses/ and images/.")
    var noDiskCache = false

    @Flag(help: "Leave the mouse to the terminal: mvx never turns mouse reporting on, so the terminal's own text selection works (clicks and the wheel then do nothing in mvx).")
    var noMouse = false

    @OptionGroup(title: "Fake network")
    var network: NetworkOptions

    mutating func run() async throws {
        let scenario = try network.scenario()
        let fixtures = try network.loadFixtures()
        let folder = cacheDir.map { URL(filePath: $0, directoryHint: .isDirectory) }
            ?? AppAssembly.defaultCacheFolder(environment: ProcessInfo.processInfo.environment)
        let status = try await Self.runInteractive(
            pattern: patterns.pattern, screen: patterns.screen, screenPatterns: patterns.screenPatterns,
            scenario: scenario, fixtures: fixtures,
            cacheFolder: folder, diskCache: !noDiskCache, mouse: !noMouse)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private static func runInteractive(
        pattern: PatternID, screen: ScreenID, screenPatterns: [ScreenID: PatternID], scenario: Scenario, fixtures: Fixtures,
        cacheFolder: URL?, diskCache: Bool, mouse: Bool
    ) async throws -> Int32 {
        let assembly: AppAssembly
        do {
            assembly = try AppAssembly(scenario: scenario, fixtures: fixtures,
                                       traceFile: ProcessInfo.processInfo.environment["MVX_TRACE_FILE"],
                                       operationLogFolder: cacheFolder,
                                       diskCacheFolder: diskCache ? cacheFolder : nil)
        } catch {
            throw ValidationError(error.description)
        }
        return await InteractiveSession(assembly: assembly, pattern: pattern, screen: screen, screenPatterns: screenPatterns,
                                        mouse: mouse).run()
    }
}

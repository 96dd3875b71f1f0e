import AppComposition
import ArgumentParser
import FakeServer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mediator
import Networking
import PatternVocabulary
import Sessions
import SafeFiles
import Shell
import Terminal
import Tour

/// `mvx run`, the default subcommand: the interactive app in the terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs mvx in the terminal (the default: `mvx` alone does this).",
        discussion: MVXCommand.configuration.discussion
    )

    @OptionGroup(title: "Patterns")
    var patterns: ScreenPatternOptions

    @Option(name: RunOption.cacheDir.name, help: ArgumentHelp(
        "The cache folder: the disk tier of the data and picture caches, and the operation log's file (default: $XDG_CACHE_HOME/mvx, else ~/.cache/mvx, when writable).",
        valueName: "dir"))
    var cacheDir: String?

    @Flag(name: RunOption.noDiskCache.name, help: "Keep the caches in memory only: nothing is read from or written to the cache folder's responses/ and images/.")
    var noDiskCache = false

    @Flag(name: RunOption.noMouse.name, help: "Leave the mouse to the terminal: mvx never turns mouse reporting on, so the terminal's own text selection works (clicks and the wheel then do nothing in mvx).")
    var noMouse = false

    @Option(name: RunOption.theme.name, help: ArgumentHelp(
        "The colours, for a dark or a light terminal background; auto asks the terminal (its answer to OSC 11, else $COLORFGBG) and takes dark when it does not say.",
        valueName: "theme"))
    var theme: ThemeChoice = .auto

    @Option(name: RunOption.replay.name, help: ArgumentHelp(
        "Plays a saved session (docs/sessions.md) from its start options at a demo's pace: space pauses and resumes, → steps one action while paused, any other key takes over. Options typed here override the file's.",
        valueName: "file"))
    var replay: String?

    @Option(name: RunOption.sessionDir.name, help: ArgumentHelp(
        "Where w saves sessions (default: $XDG_DATA_HOME/mvx/sessions, else ~/.local/share/mvx/sessions; made on the first save).",
        valueName: "dir"))
    var sessionDir: String?

    @OptionGroup(title: "Fake network")
    var network: NetworkOptions

    /// An empty path is a bad value like any other (exit 2): taken as given, `--cache-dir ''` would
    /// put the caches in `/responses` and `--session-dir ''` save into the current folder.
    func validate() throws {
        let paths = [("--cache-dir", cacheDir), ("--session-dir", sessionDir), ("--replay", replay), ("--fixtures", network.fixtures)]
        for (flag, value) in paths where value?.isEmpty == true {
            throw ValidationError("\(flag): an empty path names no file or folder")
        }
    }

    /// The values typed, without the parser's property wrappers.
    var settings: RunSettings {
        RunSettings(patterns: patterns.choice, cacheDir: cacheDir, noDiskCache: noDiskCache, noMouse: noMouse,
                    replay: replay, sessionDir: sessionDir, network: network.choice, theme: theme)
    }

    // On the main actor, where mvx starts and the terminal is driven: a nonisolated run would hop
    // to the cooperative pool (starting its first thread) and back before the first frame.
    @MainActor mutating func run() async throws {
        try await settings.run()
    }
}

/// `mvx run`'s options as plain values, and the run itself: made from a parsed `RunCommand`, or by
/// `QuickStart` straight from the usual command lines.
struct RunSettings: Equatable, Sendable {
    var patterns = ScreenPatternChoice()
    var cacheDir: String?
    var noDiskCache = false
    var noMouse = false
    var replay: String?
    var sessionDir: String?
    var network = NetworkChoice()
    var theme = ThemeChoice.auto
    /// The guided tour: a teacher's file (nil: the one mvx ships), and whether its card shows from
    /// the start (`mvx tour`) or waits for `T`.
    var tourFile: String?
    var opensTour = false

    @MainActor func run() async throws {
        var scenario = try network.scenario()
        let fixtures = try network.loadFixtures()
        var environment = ProcessInfo.processInfo.environment
        // The folders' variables as their bytes (SafePath): a HOME that is not UTF-8 names its own folder.
        for name in ["XDG_CACHE_HOME", "XDG_DATA_HOME", "HOME"] { environment[name] = SafePath.environment(name) }
        let folder = cacheDir ?? AppAssembly.defaultCacheFolder(environment: environment)
        var start = SessionStart(
            pattern: patterns.pattern, screenPatterns: patterns.screenPatterns, screen: patterns.screen,
            seed: network.seedOption, latency: network.latencyOption, failRate: network.failRateOption, offline: network.offline)
        var replaying: (session: Session, name: String)?
        if let replay {
            // The whole file is checked before the terminal is taken: a bad one plays nothing.
            do {
                let session = try Session.load(path: replay)
                start = network.applied(to: patterns.applied(to: session.start))
                scenario = try start.scenario()
                replaying = (session, URL(filePath: replay).lastPathComponent)
            } catch {
                StandardError.write("mvx: \(SafePath.display(replay)): \(error)")
                throw ExitCode(2)
            }
        }
        let sessions = { [sessionDir] in
            sessionDir.map { URL(filePath: $0, directoryHint: .isDirectory) } ?? SessionSaver.defaultFolder(environment: environment)
        }
        let tour = try Self.tour(file: tourFile, shown: opensTour, environment: environment)
        let status = try await Self.runInteractive(
            start: start, scenario: scenario, fixtures: fixtures,
            cacheFolder: folder, diskCache: !noDiskCache, mouse: !noMouse, theme: theme, sessionFolder: sessions, replay: replaying,
            tour: tour)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private static func runInteractive(
        start: SessionStart, scenario: Scenario, fixtures: Fixtures, cacheFolder: String?, diskCache: Bool, mouse: Bool,
        theme: ThemeChoice, sessionFolder: @escaping () -> URL?, replay: (session: Session, name: String)?,
        tour: InteractiveSession.TourLaunch?
    ) async throws -> Int32 {
        let assembly: AppAssembly
        do {
            assembly = try AppAssembly(scenario: scenario, fixtures: fixtures,
                                       traceFile: SafePath.environment("MVX_TRACE_FILE"),
                                       operationLogFolder: cacheFolder,
                                       diskCacheFolder: diskCache ? cacheFolder : nil)
        } catch {
            throw ValidationError(error.description)
        }
        let saver = SessionSaver(start: start, folder: sessionFolder(), home: SafePath.environment("HOME"))
        return await InteractiveSession(assembly: assembly, pattern: start.pattern, screen: start.screen,
                                        screenPatterns: start.screenPatterns, mouse: mouse, theme: theme, sessionSaver: saver,
                                        replay: replay, tour: tour).run()
    }

    /// The tour the app offers, at its kept progress. A teacher's file that cannot be used exits 2
    /// with one line before the terminal is taken; the shipped tour always parses (a test plays it).
    @MainActor
    private static func tour(file: String?, shown: Bool, environment: [String: String]) throws -> InteractiveSession.TourLaunch? {
        let guide: TourGuide
        do {
            guide = try file.map { path throws(TourFileError) in try TourLoader.load(path: path) } ?? TourLoader.shipped()
        } catch {
            StandardError.write("mvx tour: \(file.map(SafePath.display) ?? ShippedTour.fileName): \(error)")
            throw ExitCode(2)
        }
        let store = TourProgressStore(tourPath: file, environment: environment)
        let progress = store.load(stepCount: guide.tour.steps.count)
        return InteractiveSession.TourLaunch(state: TourState(guide: guide, progress: progress, isShown: shown), store: store)
    }
}

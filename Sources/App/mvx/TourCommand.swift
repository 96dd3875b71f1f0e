import AppComposition
import ArgumentParser
import FakeServer
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Sessions
import SafeFiles
import Shell
import Terminal
import Tour

/// `mvx tour`: the app with the guided tour's card open, on the shipped tour or a teacher's file;
/// `--check` plays every step headlessly and says which still hold; `--reset` forgets the progress.
struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Walks you through mvx in short steps, each checked against the live trace.",
        discussion: """
            On the card: h hint, S plays the step's solution, { } back and next, Esc leaves the tour \
            where it is and T resumes it there. Progress is kept per tour file in $XDG_DATA_HOME/mvx/tour \
            (else ~/.local/share/mvx/tour).
            A teacher's tour: mvx tour --print > lesson.tour, edit it (docs/tour.md), then mvx tour --check \
            lesson.tour and mvx tour lesson.tour. A file mvx cannot use exits with 2 and one line naming its line.
            """
    )

    @Argument(help: ArgumentHelp("A tour file (docs/tour.md); without it, the tour mvx ships.", valueName: "file"))
    var file: String?

    @Flag(help: "Play every step's solution headlessly and check its expectation: one line per step, exit 1 when any fails.")
    var check = false

    @Flag(help: "Forget the progress kept for this tour (it starts again from its first step).")
    var reset = false

    @Flag(name: .customLong("print"), help: "Print the shipped tour's file, to copy and edit into your own.")
    var printTour = false

    func validate() throws {
        if [check, reset, printTour].filter({ $0 }).count > 1 {
            throw ValidationError("--check, --reset and --print each do a different thing: give one")
        }
        if printTour, file != nil { throw ValidationError("--print prints the shipped tour: give no file") }
        if file?.isEmpty == true { throw ValidationError("an empty path names no tour file") }
    }

    @MainActor mutating func run() async throws {
        if printTour {
            StandardStream.send(ShippedTour.text, to: STDOUT_FILENO)
            return
        }
        var environment = ProcessInfo.processInfo.environment
        for name in ["XDG_DATA_HOME", "HOME"] { environment[name] = SafePath.environment(name) }
        if reset {
            let store = TourProgressStore(tourPath: file, environment: environment)
            let shown = Sanitizer.visible(SafePath.display(store.path ?? "(no data folder)"))
            StandardStream.send((store.reset() ? "tour progress reset: \(shown)" : "no tour progress kept at \(shown)") + "\n",
                                to: STDOUT_FILENO)
            return
        }
        if check {
            try await Self.check(file)
            return
        }
        try await RunSettings(tourFile: file, opensTour: true).run()
    }

    /// Plays the tour headlessly; one line per step (outside text sanitised), exit 1 when a step fails.
    @MainActor
    private static func check(_ file: String?) async throws {
        let name = file.map(SafePath.display) ?? ShippedTour.fileName
        let guide: TourGuide
        do {
            guide = try file.map { path throws(TourFileError) in try TourLoader.load(path: path) } ?? TourLoader.shipped()
        } catch {
            StandardError.write("mvx tour: \(name): \(error)")
            throw ExitCode(2)
        }
        let fixtures: Fixtures
        do {
            fixtures = try Fixtures.bundled()
        } catch {
            StandardError.write("mvx tour: the bundled fixtures do not load (\(error))")
            throw ExitCode(1)
        }
        let clock = ContinuousClock()
        let started = clock.now
        let results = await AppAssembly.replayRunner(registry: AppAssembly.patternRegistry(), fixtures: fixtures)
            .checkTour(guide)
        let elapsed = clock.now - started
        let count = results.count
        for result in results {
            StandardStream.send(Sanitizer.visible(result.line(of: count)) + "\n", to: STDOUT_FILENO)
        }
        let failed = results.filter { !$0.passed }.count
        let milliseconds = Int(elapsed / .milliseconds(1))
        let summary = failed == 0 ? "\(count) of \(count) steps hold (\(milliseconds) ms)"
            : "\(failed) of \(count) steps no longer hold (\(milliseconds) ms)"
        StandardStream.send(Sanitizer.visible("\(name): \(summary)") + "\n", to: STDOUT_FILENO)
        if failed > 0 { throw ExitCode(1) }
    }
}

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

/// `mvx conform`: replays a session in all four patterns headlessly and checks that the module's
/// screen is the same in each after every action — one spec for every implementation.
struct ConformCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Replays a session in MVC, MVP, MVVM and VIPER and checks that their screens agree after every action.",
        discussion: """
            Each pattern replays the session on a fresh state and a zero-latency fake network, every screen in that \
            pattern; keys that would switch pattern (1-4, Tab, Shift-Tab, x) are skipped and counted. For every \
            action the report says whether the module's screen text (not the header, trace pane or key bar) is the \
            same in all four, where their call paths part (the first step whose role differs) and each one's counts.
            A key line's "expect" is text every pattern's screen must show after its action.
            Exit status: 0 when every screen agrees and shows what the session expects, 1 when one does not (the \
            differing lines or the missing text are printed), 2 when the file cannot be used (one line says why). \
            The session format: docs/sessions.md.
            Example: mvx conform docs/sessions/greeting-press.jsonl
            """
    )

    @Argument(help: ArgumentHelp("The session file (JSON lines: a header, then a key per line).", valueName: "file"))
    var file: String

    mutating func run() async throws {
        let session: Session
        let scenario: Scenario
        do {
            session = try Session.load(path: file)
            scenario = try session.start.scenario()
        } catch {
            StandardError.write("mvx conform: \(SafePath.display(file)): \(error)")
            throw ExitCode(2)
        }
        let fixtures: Fixtures
        do {
            fixtures = try Fixtures.bundled()
        } catch {
            StandardError.write("mvx conform: the bundled fixtures do not load (\(error))")
            throw ExitCode(2)
        }
        let report = await Self.conform(session, name: URL(filePath: file).lastPathComponent, scenario: scenario,
                                        fixtures: fixtures)
        StandardStream.send(report.text + "\n", to: STDOUT_FILENO)
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    @MainActor
    private static func conform(_ session: Session, name: String, scenario: Scenario, fixtures: Fixtures) async -> ConformReport {
        let runner = AppAssembly.replayRunner(registry: AppAssembly.patternRegistry(), fixtures: fixtures, scenario: scenario)
        // A long session takes minutes: on a terminal, one line that counts the actions (rewritten
        // in place, a few times a second); in a pipe or a file, nothing but the report.
        var meter = isatty(2) != 0 ? StandardError.ProgressLine() : nil
        let report = await runner.conform(session, name: name) { progress in
            meter?.show("mvx conform: \(progress.done) of \(progress.total) actions replayed in every pattern",
                        final: progress.done == progress.total)
        }
        meter?.clear()
        return report
    }
}

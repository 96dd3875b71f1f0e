import ArgumentParser
import CodeMetrics
import PatternVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// `mvx metrics`: the patterns' code metrics and Orlov's three criteria, counted from the sources
/// embedded at build time (what the `m` panel shows and `docs/comparison.md` holds).
struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Prints each pattern's files, code lines, types and unit tests per role, and Orlov's three criteria.",
        discussion: """
            Counted from the sources built into this binary: Sources/Patterns/<P> and Tests/<P>Tests. \
            The output is the same on every run. A bad format or pattern exits with 2.
            With --pattern, only that pattern's figures, as Markdown (the docs/patterns pages quote them).
            Example: mvx metrics --format markdown
            """
    )

    @Option(help: ArgumentHelp("That pattern's figures only, as Markdown (mvc, mvp, mvvm or viper).", valueName: "pattern"))
    var pattern: PatternID?

    @Option(help: "text (tables and bar charts, 80 columns), markdown (docs/comparison.md) or json.")
    var format: MetricsOutputFormat = .text

    func run() throws {
        if let pattern {
            StandardStream.send(MetricsReport.current.markdown(for: pattern) + "\n", to: STDOUT_FILENO)
            return
        }
        StandardStream.send(MetricsReport.current.render(as: format) + "\n", to: STDOUT_FILENO)
    }
}

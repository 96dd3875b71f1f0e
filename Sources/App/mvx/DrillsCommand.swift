import ArgumentParser
import CodeMetrics
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// `mvx drills`: the change drills' figures — the same change request made in every pattern, kept
/// as patches that `make test` applies and checks — counted from the drills built into this binary.
struct DrillsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drills",
        abstract: "Prints how much of each pattern the change drills touched: files, roles, lines, tests, class.",
        discussion: """
            A drill is a change request (Drills/<drill>/request.md) made the way a good engineer in each pattern \
            would make it, as a patch per pattern; make test applies each drill's patches to a copy, builds it and \
            checks that its session (check.jsonl, run by mvx conform) fails without them and passes with them. \
            The figures are counted from the patches and the index of the sources built into this binary: \
            the class is local (one role), non-local (several) or architectural (a protocol between roles \
            changed); the predicted ripple is the expected roles and the roles that hold them. docs/drills.md.
            Example: mvx drills --format markdown
            """
    )

    @Option(help: "text (a table and a bar per pattern, 80 columns), markdown (docs/drills.md) or json.")
    var format: MetricsOutputFormat = .text

    func run() throws {
        let (drills, failures) = ChangeDrill.embedded()
        for failure in failures { StandardError.write("mvx drills: \(failure)") }
        guard failures.isEmpty else { throw ExitCode(2) }
        guard !drills.isEmpty else {
            StandardError.write("mvx drills: this mvx was built without drills (Drills/ was empty)")
            throw ExitCode(2)
        }
        let report = DrillsReport(drills: drills)
        let text = switch format {
        case .text: report.text(width: 80)
        case .markdown: report.markdown()
        case .json: report.json()
        }
        StandardStream.send(text + "\n", to: STDOUT_FILENO)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternVocabulary

extension MetricsReport {
    /// One pattern's figures as Markdown: what `make docs` puts in `docs/patterns/<p>.md`, so the
    /// pattern docs quote no figure by hand.
    package func markdown(for pattern: PatternID) -> String {
        guard let metrics = patterns.first(where: { $0.pattern == pattern }) else { return "" }
        let total = metrics.total
        var out = [
            "| | whole pattern | greeting alone |", "|---|--:|--:|",
            "| code lines | \(total.codeLines) | \(metrics.codeLines(for: .greeting)) |",
            "| … in protocol-only files (prescribed interfaces) | \(metrics.protocolOnlyLines) | "
                + "\(metrics.sourceFiles.filter { Feature(path: $0.path, in: pattern) == .greeting && $0.role != nil && $0.protocols > 0 && $0.types == 0 }.reduce(0) { $0 + $1.codeLines }) |",
            "| types | \(total.types) | \(metrics.sum(\.types, for: .greeting)) |",
            "| protocols | \(total.protocols) | \(metrics.sum(\.protocols, for: .greeting)) |",
            "| role boundaries | \(total.boundaries) | \(metrics.sum(\.boundaries, for: .greeting)) |",
            "| trace lines (counted apart) | \(total.instrumentationLines) | \(metrics.sum(\.instrumentationLines, for: .greeting)) |",
            "| files | \(total.files) | \(metrics.sourceFiles.count { Feature(path: $0.path, in: pattern) == .greeting && $0.role != nil }) |",
            "", "| role | files | code lines | unit tests | their code lines |", "|---|--:|--:|--:|--:|",
        ]
        for role in metrics.roles {
            out.append("| \(role.role.rawValue) | \(role.files) | \(role.codeLines) | \(role.tests) | \(role.testLines) |")
        }
        out.append("")
        for result in results() {
            guard let figure = result.figures.first(where: { $0.pattern == pattern }) else { continue }
            out.append("- \(result.criterion.title): \(result.display(figure)) (\(result.criterion.definition)).")
        }
        out.append("- The acceptance spec, the same for all four patterns: \(acceptanceTests) tests.")
        out += ["", "Orlov's greeting, declaration by declaration, and what plays it here (looked up in the source index; "
                    + "a declaration without a counterpart fails `make test`):", "", orlovMaps[pattern] ?? ""]
        return out.joined(separator: "\n")
    }

    /// The report as Markdown: what `make docs` puts in `docs/comparison.md`, below its intro.
    package func markdown() -> String {
        var out: [String] = []
        let header = "| | " + patterns.map(\.pattern.rawValue).joined(separator: " | ") + " |"
        let rule = "|---|" + patterns.map { _ in "--:|" }.joined()

        out += ["## The figures", "", MetricsReport.definitions, "", header, rule]
        for row in MetricsReport.figureRows {
            guard let value = row.value else {
                out.append("| *\(row.name)* |" + patterns.map { _ in " |" }.joined())
                continue
            }
            let name = row.name.hasPrefix("  ") ? "… " + row.name.dropFirst(2) : row.name
            out.append("| \(name) | " + patterns.map { String(value($0)) }.joined(separator: " | ") + " |")
        }
        out += ["", "Also counted, " + acceptanceLine + "."]

        out += ["", "## Role boundaries", "", "Where one role holds another by a protocol the pattern declares.", ""]
        for metrics in patterns {
            let list = metrics.boundaries.map { "`\($0.property)`: \($0.from.rawValue) → \($0.to.rawValue) via `\($0.protocolName)`" }
            out.append("- **\(metrics.pattern.rawValue)** (\(list.count)): " + (list.isEmpty ? "none" : list.joined(separator: "; ")))
        }

        out += ["", "## Orlov's three criteria, measured", ""]
        out.append("| criterion | how it is computed | " + patterns.map(\.pattern.rawValue).joined(separator: " | ")
                   + " | Orlov says | measured |")
        out.append("|---|---|" + patterns.map { _ in "--:|" }.joined() + "---|---|")
        for result in results() {
            let figures = result.figures.map { result.display($0) }
            out.append("| \(result.criterion.title) | \(result.criterion.definition) | " + figures.joined(separator: " | ")
                       + " | \(result.criterion.orlov.says) | \(result.comparison) |")
        }

        out += ["", "Code lines of the greeting alone, Orlov's own example, against the fewest: "
                    + patterns.map { "\($0.pattern.rawValue) \(greetingSize(of: $0.pattern))" }.joined(separator: ", ") + "."]

        out += [""] + sizeVerdictsMarkdown()

        out += ["", "## Code lines and unit tests per role", "",
                "Each cell: code lines (files) · unit tests (their code lines); — where the pattern has no such role.", "",
                "| role | " + patterns.map(\.pattern.rawValue).joined(separator: " | ") + " |",
                "|---|" + patterns.map { _ in "---|" }.joined()]
        for role in RoleTable.countedRoles where patterns.contains(where: { $0.role(role) != nil }) {
            let cells = patterns.map { metrics -> String in
                guard let counts = metrics.role(role) else { return "—" }
                return "\(counts.codeLines) (\(counts.files)) · \(counts.tests) (\(counts.testLines))"
            }
            out.append("| \(role.rawValue) | " + cells.joined(separator: " | ") + " |")
        }

        // The charts of `m` and `mvx metrics` (from the first pattern's chart on: the totals are above).
        let charts = text(width: 80).split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("\(PatternID.mvc.rawValue) · ") }
        out += ["", "## As the `m` panel draws it", "", "```text"] + charts.map(String.init) + ["```"]

        out += ["", "## How files are placed in roles", "",
                "A file's role is the rule whose suffix ends its name, the longest first. A unit test that ran counts "
                    + "for the role of the first pattern type its body names (else its suite, else its file's name). A protocol goes to the role that "
                    + "conforms to it, a plain data type to the role that makes it. A file no rule places fails a test.", ""]
        for pattern in PatternID.allCases {
            out += ["| \(pattern.rawValue): suffix | role | why |", "|---|---|---|"]
            for rule in RoleTable.rules(for: pattern) {
                out.append("| `\(rule.suffix)` | \(rule.role.rawValue) | \(rule.reason) |")
            }
            out.append("")
        }

        out += ["## Every file counted", ""]
        for metrics in patterns {
            out += ["### \(metrics.pattern.rawValue)", "",
                    "| file | role | code lines | trace lines | types | protocols | role boundaries | tests | unit-tested without a view |",
                    "|---|---|--:|--:|--:|--:|--:|--:|---|"]
            let testable = Set(metrics.testableFiles.map(\.path))
            for file in metrics.sourceFiles {
                let tested = testable.contains(file.path) ? (file.hasViewFreeTests ? "yes" : "no") : "(not measured)"
                out.append("| \(file.path.dropFirst(metrics.pattern.sourceFolder.count)) | \(file.role?.rawValue ?? "**unplaced**") | "
                           + "\(file.codeLines) | \(file.instrumentationLines) | \(file.types) | \(file.protocols) | "
                           + "\(file.boundaries) | \(file.tests) | \(tested) |")
            }
            for file in metrics.testFiles {
                let role = file.role?.rawValue ?? (file.tests == 0 ? "test support" : "**unplaced**")
                let views = file.tests == 0 ? "" : (file.importsViews ? "no: imports ScreenViews" : "yes")
                out.append("| \(file.path) | \(role) | \(file.codeLines) | \(file.instrumentationLines) | \(file.types) | "
                           + "\(file.protocols) | \(file.boundaries) | \(file.tests) | \(views) |")
            }
            out.append("")
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n")
    }

    /// The report as JSON (keys sorted, so the output is stable).
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail.
        let data = (try? encoder.encode(JSONReport(self))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The JSON shape of the report.
struct JSONReport: Encodable {
    struct Totals: Encodable {
        var files, codeLines, instrumentationLines, types, protocols, boundaries, tests, testLines: Int
    }

    struct Pattern: Encodable {
        var pattern: PatternID
        var total: Totals
        var roles: [RoleMetrics]
        var testSupportLines: Int
        /// Code lines per feature: `greeting`, `listings` (with the detail), `shared` by both.
        var featureLines: [String: Int]
        /// The greeting alone (Orlov's example): its code lines, types, protocols and role boundaries.
        var greeting: [String: Int]
        var boundaries: [RoleBoundary]
        var files: [MeasuredFile]
    }

    struct Criterion: Encodable {
        struct Figure: Encodable {
            var pattern: PatternID
            /// Rounded to 3 decimals, so the text is the same on every machine.
            var value: Double
            var display: String
        }

        var criterion: CodeMetrics.Criterion
        var definition: String
        var higherIsBetter: Bool
        var figures: [Figure]
        var ranking: [PatternID]
        var orlov: OrlovVerdict
        var agreement: CriterionResult.Agreement
    }

    var patterns: [Pattern]
    var acceptanceTests: Int
    var criteria: [Criterion]
    var unplaced: [String]

    init(_ report: MetricsReport) {
        patterns = report.patterns.map {
            let total = $0.total
            return Pattern(
                pattern: $0.pattern,
                total: Totals(files: total.files, codeLines: total.codeLines, instrumentationLines: total.instrumentationLines,
                              types: total.types, protocols: total.protocols, boundaries: total.boundaries,
                              tests: total.tests, testLines: total.testLines),
                roles: $0.roles, testSupportLines: $0.testSupportLines,
                featureLines: ["greeting": $0.codeLines(for: .greeting), "listings": $0.codeLines(for: .listings),
                               "shared": $0.codeLines(for: nil)],
                greeting: ["codeLines": $0.codeLines(for: .greeting), "types": $0.sum(\.types, for: .greeting),
                           "protocols": $0.sum(\.protocols, for: .greeting), "boundaries": $0.sum(\.boundaries, for: .greeting)],
                boundaries: $0.boundaries,
                files: $0.sourceFiles + $0.testFiles)
        }
        acceptanceTests = report.acceptanceTests
        criteria = report.results().map { result in
            Criterion(
                criterion: result.criterion, definition: result.criterion.definition,
                higherIsBetter: result.criterion.higherIsBetter,
                figures: result.figures.map {
                    .init(pattern: $0.pattern, value: ($0.value * 1000).rounded() / 1000, display: result.display($0))
                },
                ranking: result.ranking, orlov: result.criterion.orlov, agreement: result.agreement)
        }
        unplaced = report.unplaced
    }
}

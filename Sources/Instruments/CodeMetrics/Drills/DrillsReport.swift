import PatternVocabulary
import SourceCatalog

/// The change drills' figures for every pattern: what `mvx drills` prints, the `D` panel shows and
/// `docs/drills.md` holds.
package struct DrillsReport: Sendable, Equatable {
    package var drills: [ChangeDrill]
    /// Per drill, per pattern (in `PatternID.allCases` order).
    package var figures: [[DrillFigures]]

    package init(drills: [ChangeDrill], files: [SourceFile] = SourceCatalog.files) {
        self.drills = drills
        let graphs = PatternID.allCases.map { RoleGraph(pattern: $0, files: files) }
        figures = drills.map { drill in
            zip(PatternID.allCases, graphs).map { DrillFigures(drill: drill, pattern: $0, files: files, graph: $1) }
        }
    }

    /// Lines the drill's shared patch adds and removes, and the files it touches.
    package func shared(_ drill: ChangeDrill) -> (files: Int, added: Int, removed: Int) {
        (drill.shared.count, drill.shared.reduce(0) { $0 + $1.added }, drill.shared.reduce(0) { $0 + $1.removed })
    }

    // MARK: - Text

    /// A table per drill and a bar per pattern (lines changed), `width` columns wide.
    package func text(width: Int = 80) -> String {
        var lines = MetricsFormat.wrap("Change drills: the same change request in every pattern, as a patch make test applies and checks",
                                       width: width)
        lines += MetricsFormat.wrap("files · roles touched · + / − source lines · tests added · class (ALMA) · predicted ripple",
                                    width: width)
        for (drill, row) in zip(drills, figures) {
            lines.append("")
            lines += MetricsFormat.wrap("\(drill.title) (\(drill.name))", width: width)
            let shared = shared(drill)
            lines.append(shared.files == 0 ? "  shared: none (no change outside the pattern modules)"
                : "  shared: \(shared.files) files +\(shared.added) −\(shared.removed) (the same for every pattern)")
            let longest = max(1, row.map { $0.added + $0.removed }.max() ?? 1)
            for figure in row {
                let roles = figure.touched.isEmpty ? "no pattern code" : figure.touched.map(\.rawValue).joined(separator: ", ")
                lines.append("  \(Self.pad(figure.pattern.name, 6)) \(Self.pad(String(figure.files), 2)) files  "
                    + "+\(Self.pad(String(figure.added), 3)) −\(Self.pad(String(figure.removed), 3)) "
                    + "tests +\(figure.testsAdded)  \(figure.changeClass.rawValue)")
                lines += Self.labelled("touched", roles, width: width)
                lines += Self.labelled("expected", "\(Self.roles(figure.expected)) · predicted \(Self.roles(figure.predicted))", width: width)
                if !figure.rippled.isEmpty {
                    lines += Self.labelled("rippled", "beyond the prediction: \(Self.roles(figure.rippled))", width: width)
                }
                if !figure.protocols.isEmpty {
                    lines += Self.labelled("protocols", "\(figure.protocols.joined(separator: ", ")) (how the roles talk changed)", width: width)
                }
                let bar = max(0, width - 16)
                let length = (figure.added + figure.removed) * bar / longest
                let cells = figure.added + figure.removed == 0 ? "·" : String(repeating: "█", count: max(1, length))
                lines.append("         " + Self.pad(String(figure.added + figure.removed), 5) + " " + cells)
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Markdown

    /// Each drill's request and table, then the totals per pattern (docs/drills.md).
    package func markdown() -> String {
        var lines: [String] = []
        for (drill, row) in zip(drills, figures) {
            lines += ["## \(drill.title)", "", "`Drills/\(drill.name)/` — " + drill.request.split(separator: "\n").joined(separator: " "), ""]
            let shared = shared(drill)
            lines.append(shared.files == 0 ? "Outside the patterns: nothing."
                : "Outside the patterns, the same for all four: \(shared.files) files, +\(shared.added) −\(shared.removed) "
                    + "(" + drill.shared.map { "`\($0.path)`" }.joined(separator: ", ") + ").")
            lines += ["", "| pattern | files | + | − | tests added | class | roles touched | expected | predicted ripple | beyond the prediction |",
                      "|---|---:|---:|---:|---:|---|---|---|---|---|"]
            for figure in row {
                lines.append("| \(figure.pattern.name) | \(figure.files) | \(figure.added) | \(figure.removed) | \(figure.testsAdded) | "
                    + "\(figure.changeClass.rawValue)\(figure.protocols.isEmpty ? "" : " (" + figure.protocols.joined(separator: ", ") + ")") | "
                    + "\(figure.touched.isEmpty ? "none" : Self.roles(figure.touched)) | \(Self.roles(figure.expected)) | "
                    + "\(Self.roles(figure.predicted)) | \(figure.rippled.isEmpty ? "—" : Self.roles(figure.rippled)) |")
            }
            lines.append("")
        }
        lines += ["## Totals", "", "| pattern | lines changed (+ and −) | files | roles touched (sum) | tests added | local | non-local | architectural | no pattern code |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for pattern in PatternID.allCases {
            let mine = figures.flatMap { $0.filter { $0.pattern == pattern } }
            func count(_ kind: ChangeClass) -> Int { mine.filter { $0.changeClass == kind }.count }
            lines.append("| \(pattern.name) | \(mine.reduce(0) { $0 + $1.added + $1.removed }) | \(mine.reduce(0) { $0 + $1.files }) | "
                + "\(mine.reduce(0) { $0 + $1.touched.count }) | \(mine.reduce(0) { $0 + $1.testsAdded }) | "
                + "\(count(.local)) | \(count(.nonLocal)) | \(count(.architectural)) | \(count(.none)) |")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - JSON

    package func json() -> String {
        var entries: [String] = []
        for (drill, row) in zip(drills, figures) {
            let shared = shared(drill)
            let patterns = row.map { figure in
                "{\"pattern\":\(Self.quote(figure.pattern.argument)),\"files\":\(figure.files),\"added\":\(figure.added),"
                    + "\"removed\":\(figure.removed),\"testsAdded\":\(figure.testsAdded),"
                    + "\"class\":\(Self.quote(figure.changeClass.rawValue)),\"touched\":\(Self.list(figure.touched)),"
                    + "\"expected\":\(Self.list(figure.expected)),\"predicted\":\(Self.list(figure.predicted)),"
                    + "\"rippled\":\(Self.list(figure.rippled)),"
                    + "\"protocols\":[\(figure.protocols.map(Self.quote).joined(separator: ","))]}"
            }
            entries.append("{\"drill\":\(Self.quote(drill.name)),\"title\":\(Self.quote(drill.title)),"
                + "\"shared\":{\"files\":\(shared.files),\"added\":\(shared.added),\"removed\":\(shared.removed)},"
                + "\"patterns\":[\(patterns.joined(separator: ","))]}")
        }
        return "{\"drills\":[\(entries.joined(separator: ","))]}"
    }

    // MARK: - Helpers

    /// `text` after a label in the figures' column, wrapped under itself to `width`.
    private static func labelled(_ label: String, _ text: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: 19)
        return MetricsFormat.wrap(text, width: max(20, width - indent.count)).enumerated().map { index, line in
            (index == 0 ? "         " + pad(label, 10) : indent) + line
        }
    }

    /// `Presenter, View`, or `none`.
    package static func roles(_ roles: [Role]) -> String { roles.isEmpty ? "none" : roles.map(\.rawValue).joined(separator: ", ") }

    static func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }

    private static func list(_ roles: [Role]) -> String { "[" + roles.map { quote($0.rawValue) }.joined(separator: ",") + "]" }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension DrillsReport {
    /// The drills built into this binary and their figures, counted once.
    package static let current = DrillsReport(drills: ChangeDrill.embedded().drills)
}

import PatternVocabulary

/// A pattern's card (`i` in the app): the problem it solves, what it costs, when to pick it, in our
/// words from Orlov's and casatwy's articles. The words live in `Cards/<pattern>.card`, embedded in
/// the build; every figure in them is a `{placeholder}` filled here from the report, so a card can
/// never state a number mvx did not measure.
package enum PatternCard {
    /// One piece of a card: `# title`, `## heading`, `- item`, or a paragraph (lines joined).
    package enum Block: Equatable, Sendable {
        case title(String)
        case heading(String)
        case item(String)
        case paragraph(String)
    }

    /// The card's text as written, placeholders unfilled.
    package static func source(for pattern: PatternID) -> String {
        let bytes: [UInt8] = switch pattern {
        case .mvc: PackageResources.mvc_card
        case .mvp: PackageResources.mvp_card
        case .mvvm: PackageResources.mvvm_card
        case .viper: PackageResources.viper_card
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The card of `pattern`, its figures taken from `report`. A placeholder the card does not
    /// know stays visible as `{?name}`, so a test (and a reader) sees it.
    package static func blocks(for pattern: PatternID, report: MetricsReport, source: String? = nil) -> [Block] {
        let text = fill(source ?? self.source(for: pattern), pattern: pattern, report: report)
        var blocks: [Block] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append(.paragraph(paragraph.joined(separator: " "))) }
            paragraph = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingSpaces
            if line.hasPrefix("## ") { flush(); blocks.append(.heading(String(line.dropFirst(3)))) }
            else if line.hasPrefix("# ") { flush(); blocks.append(.title(String(line.dropFirst(2)))) }
            else if line.hasPrefix("- ") { flush(); blocks.append(.item(String(line.dropFirst(2)))) }
            else if line.isEmpty { flush() }
            else if case .item(let item)? = blocks.last, paragraph.isEmpty, raw.hasPrefix("  ") {
                blocks[blocks.count - 1] = .item(item + " " + line)  // an item's continuation line
            } else { paragraph.append(line) }
        }
        flush()
        return blocks
    }

    /// `text` with each `{name}` replaced by the figure `name` of `pattern`, or `{name:PATTERN}` by
    /// another pattern's.
    static func fill(_ text: String, pattern: PatternID, report: MetricsReport) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            let target = parts.count == 2 ? PatternID.allCases.first { $0.rawValue.lowercased() == parts[1].lowercased() } : pattern
            out += target.flatMap { figure(parts[0], of: $0, in: report) } ?? "{?\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The names a card may use, each read from the report as `mvx metrics` prints it.
    package static let figureNames = [
        "code lines", "greeting lines", "code ratio", "greeting ratio", "roles with code", "role boundaries",
        "protocols", "protocol-only lines", "unit tests", "types", "files", "patterns",
        "largest role", "largest share", "distribution", "testability", "distribution rank", "testability rank",
        "ease rank", "lines of ROLE", "share of ROLE", "tests of ROLE",
    ]

    /// The figure `name` of `pattern` (see `figureNames`; ROLE is a role's noun, `view model`), or nil.
    package static func figure(_ name: String, of pattern: PatternID, in report: MetricsReport) -> String? {
        guard let metrics = report.patterns.first(where: { $0.pattern == pattern }) else { return nil }
        let results = report.results()
        func result(_ criterion: Criterion) -> CriterionResult? { results.first { $0.criterion == criterion } }
        func percent(_ part: Int, of whole: Int) -> String { whole > 0 ? "\(Int((Double(part) * 100 / Double(whole)).rounded())) %" : "–" }
        func ratio(_ value: (PatternMetrics) -> Int) -> String {
            let fewest = report.patterns.map(value).min() ?? 0
            return fewest > 0 ? "×" + MetricsFormat.fixed(Double(value(metrics)) / Double(fewest), decimals: 2) : "–"
        }
        for prefix in ["lines of ", "share of ", "tests of "] where name.hasPrefix(prefix) {
            let noun = name.dropFirst(prefix.count)
            guard let role = metrics.roles.first(where: { $0.role.noun == noun }) else { return nil }
            switch prefix {
            case "lines of ": return "\(role.codeLines)"
            case "share of ": return percent(role.codeLines, of: metrics.total.codeLines)
            default: return "\(role.tests)"
            }
        }
        switch name {
        case "code lines": return "\(metrics.total.codeLines)"
        case "greeting lines": return "\(metrics.codeLines(for: .greeting))"
        case "code ratio": return ratio { $0.total.codeLines }
        case "greeting ratio": return ratio { $0.codeLines(for: .greeting) }
        case "roles with code": return "\(metrics.roles.count { $0.codeLines > 0 })"
        case "role boundaries": return "\(metrics.total.boundaries)"
        case "protocols": return "\(metrics.total.protocols)"
        case "protocol-only lines": return "\(metrics.protocolOnlyLines)"
        case "unit tests": return "\(metrics.total.tests)"
        case "types": return "\(metrics.total.types)"
        case "files": return "\(metrics.total.files)"
        case "patterns": return "\(report.patterns.count)"
        case "largest role": return metrics.largestRole.map(\.role.noun)
        case "largest share": return metrics.largestRole.map { percent($0.codeLines, of: metrics.total.codeLines) }
        case "distribution": return result(.distribution).flatMap { $0.display(pattern) }
        case "testability": return result(.testability).flatMap { $0.display(pattern) }
        case "distribution rank": return result(.distribution).flatMap { $0.rank(of: pattern) }
        case "testability rank": return result(.testability).flatMap { $0.rank(of: pattern) }
        case "ease rank": return result(.easeOfUse).flatMap { $0.rank(of: pattern) }
        default: return nil
        }
    }
}

extension CriterionResult {
    /// `pattern`'s figure as the metrics show it.
    func display(_ pattern: PatternID) -> String? {
        figures.first { $0.pattern == pattern }.map(display)
    }

    /// `pattern`'s place among the patterns, best first: `2nd`, `1st (tied)`.
    func rank(of pattern: PatternID) -> String? {
        guard let mine = figures.first(where: { $0.pattern == pattern })?.value else { return nil }
        let better = figures.count { criterion.higherIsBetter ? $0.value > mine : $0.value < mine }
        let tied = figures.count { $0.value == mine } > 1 ? " (tied)" : ""
        let rank = better + 1
        let suffix = switch rank { case 1: "st"; case 2: "nd"; case 3: "rd"; default: "th" }
        return "\(rank)\(suffix)\(tied)"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

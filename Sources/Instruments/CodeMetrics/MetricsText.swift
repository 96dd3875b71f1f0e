import PatternVocabulary

/// One line of the metrics as text, in parts a terminal can colour.
package struct MetricsLine: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A section or pattern heading.
        case heading
        case plain
        /// A bar of a chart.
        case bar
        /// A definition or an explanation.
        case note
        /// A verdict set against Orlov's.
        case verdict
    }

    package struct Segment: Sendable, Equatable {
        package var text: String
        package var kind: Kind
    }

    package var segments: [Segment]
    /// The role a chart row is about, so a terminal can colour its bar as the trace colours the role.
    package var role: Role?

    package var text: String { segments.map(\.text).joined() }

    init(_ segments: [(String, Kind)], role: Role? = nil) {
        self.segments = segments.map { Segment(text: $0.0, kind: $0.1) }
        self.role = role
    }

    init(_ text: String, _ kind: Kind = .plain) {
        self.init([(text, kind)])
    }
}

extension MetricsReport {
    /// The report as lines of at most `width` characters (at least 60): the totals, the code and
    /// tests per role with bars, then the three criteria with their definitions and Orlov's verdicts.
    /// `mvx metrics` prints it at 80 columns; the `m` panel draws it at its own width.
    package func lines(width: Int) -> [MetricsLine] {
        let width = max(60, width)
        var lines: [MetricsLine] = []
        lines.append(MetricsLine("Code metrics, counted from this binary's own sources", .heading))
        for line in MetricsFormat.wrap(
            "Sources/Patterns/<P> and Tests/<P>Tests; the code all four share is not counted. "
                + MetricsReport.definitions, width: width - 1) {
            lines.append(MetricsLine(" " + line, .note))
        }
        lines.append(MetricsLine(""))
        lines += totalsTable()
        lines += MetricsFormat.wrap(acceptanceLine, width: width - 1).map { MetricsLine(" " + $0) }
        for metrics in patterns {
            lines.append(MetricsLine(""))
            lines += roleChart(metrics, width: width)
        }
        lines.append(MetricsLine(""))
        lines.append(MetricsLine("Orlov's three criteria, measured", .heading))
        for result in results() {
            lines += criterionChart(result, width: width)
        }
        if !unplaced.isEmpty {
            lines.append(MetricsLine(""))
            lines.append(MetricsLine("Not counted: the role table places no rule on", .verdict))
            lines += unplaced.map { MetricsLine("  " + $0, .verdict) }
        }
        return lines
    }

    /// The report as plain text, as `mvx metrics` prints it.
    package func text(width: Int = 80) -> String {
        lines(width: width).map { line in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    private func totalsTable() -> [MetricsLine] {
        let label = 24
        let column = 9
        var lines = [MetricsLine(MetricsFormat.padRight("", label)
                                 + patterns.map { MetricsFormat.padLeft($0.pattern.rawValue, column) }.joined(), .heading)]
        for row in MetricsReport.figureRows {
            guard let value = row.value else {
                lines.append(MetricsLine(" " + row.name, .note))
                continue
            }
            lines.append(MetricsLine(MetricsFormat.padRight(" " + row.name, label)
                                     + patterns.map { MetricsFormat.padLeft(String(value($0)), column) }.joined()))
        }
        return lines
    }

    /// The widest role's code lines over all patterns: every role bar is drawn to this one scale.
    private var widestRole: Int {
        patterns.flatMap(\.roles).map(\.codeLines).max() ?? 0
    }

    private func roleChart(_ metrics: PatternMetrics, width: Int) -> [MetricsLine] {
        let total = metrics.total
        let tests = total.tests == 1 ? "1 unit test" : "\(total.tests) unit tests"
        var lines = [MetricsLine(
            "\(metrics.pattern.rawValue) · \(total.codeLines) code lines in \(total.files) files · \(tests)", .heading)]
        // role 12 · files 6 · lines 6 · trace 6 · bar · tests 6 · test lines 11
        let barWidth = min(40, width - 3 - 12 - 6 - 6 - 6 - 1 - 6 - 11 - 1)
        lines.append(MetricsLine(
            "   " + MetricsFormat.padRight("role", 12) + MetricsFormat.padLeft("files", 6) + MetricsFormat.padLeft("lines", 6)
                + MetricsFormat.padLeft("trace", 6) + " " + MetricsFormat.padRight("", barWidth) + MetricsFormat.padLeft("tests", 6)
                + MetricsFormat.padLeft("test lines", 11), .note))
        for role in metrics.roles {
            lines.append(MetricsLine([
                ("   " + MetricsFormat.padRight(role.role.rawValue, 12) + MetricsFormat.padLeft(String(role.files), 6)
                    + MetricsFormat.padLeft(String(role.codeLines), 6) + MetricsFormat.padLeft(String(role.instrumentationLines), 6)
                    + " ", .plain),
                (MetricsFormat.padRight(MetricsFormat.bar(Double(role.codeLines), of: Double(widestRole), width: barWidth),
                                        barWidth), .bar),
                (MetricsFormat.padLeft(String(role.tests), 6) + MetricsFormat.padLeft(String(role.testLines), 11), .plain),
            ], role: role.role))
        }
        return lines
    }

    private func criterionChart(_ result: CriterionResult, width: Int) -> [MetricsLine] {
        let criterion = result.criterion
        var lines = [MetricsLine(" " + criterion.title, .heading)]
        lines += MetricsFormat.wrap(criterion.definition, width: width - 3).map { MetricsLine("   " + $0, .note) }
        let maximum = result.figures.map(\.value).max() ?? 0
        // name 7 · figure 11 · bar · the longest remark (`largest: Coordinator 100 %`) 28
        let barWidth = min(30, width - 3 - 7 - 11 - 2 - 28)
        for figure in result.figures {
            let metrics = patterns.first { $0.pattern == figure.pattern }
            var remark = ""
            switch criterion {
            case .distribution:
                if let metrics, let largest = metrics.largestRole, metrics.total.codeLines > 0 {
                    let share = Int((Double(largest.codeLines) / Double(metrics.total.codeLines) * 100).rounded())
                    remark = "largest: \(largest.role.rawValue) \(share) %"
                }
            case .testability:
                if let metrics {
                    let base = metrics.testableFiles
                    let covered = base.filter(\.hasViewFreeTests).reduce(0) { $0 + $1.codeLines }
                    remark = "\(covered) of \(base.reduce(0) { $0 + $1.codeLines }) lines"
                }
            case .easeOfUse:
                remark = "greeting alone " + greetingSize(of: figure.pattern)
            }
            lines.append(MetricsLine([
                ("   " + MetricsFormat.padRight(figure.pattern.rawValue, 7)
                    + MetricsFormat.padLeft(result.display(figure), 11) + "  ", .plain),
                (MetricsFormat.padRight(MetricsFormat.bar(figure.value, of: maximum, width: barWidth), barWidth), .bar),
                (remark.isEmpty ? "" : "  " + remark, .note),
            ]))
        }
        lines += MetricsFormat.wrap("Orlov: " + criterion.orlov.says, width: width - 3).map { MetricsLine("   " + $0, .note) }
        lines += MetricsFormat.wrap(result.comparison, width: width - 3).map { MetricsLine("   " + $0, .verdict) }
        return lines
    }
}

/// How `mvx metrics` prints the report.
package enum MetricsOutputFormat: String, CaseIterable, Sendable {
    case text
    case markdown
    case json
}

extension MetricsReport {
    /// The report in `format`, exactly as `mvx metrics --format <format>` prints it (without the final newline).
    package func render(as format: MetricsOutputFormat) -> String {
        switch format {
        case .text: text(width: 80)
        case .markdown: markdown()
        case .json: json()
        }
    }
}

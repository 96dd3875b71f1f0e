import Foundation
import Shell
import Terminal
import Tracing

/// How `mvx trace` prints a replay.
public enum TraceOutputFormat: String, CaseIterable, Sendable {
    /// The trace as the pane shows it, without colours.
    case text
    /// One `TraceEvent` JSON object per line (what `MVX_TRACE_FILE` writes for events).
    case json
    /// A Mermaid `sequenceDiagram`.
    case mermaid
}

/// Renders replayed trace entries in each output format.
public enum TraceOutput {
    /// The width of the text format: the pane's widest, so every call keeps its line and location.
    public static let textWidth = 100

    public static func render(_ entries: [TraceBuffer.Entry], as format: TraceOutputFormat) -> String {
        switch format {
        case .text: text(entries)
        case .json: json(entries)
        case .mermaid: MermaidSequenceDiagram(entries: entries).text
        }
    }

    /// The pane's lines for every action that reached a role method, locations right-aligned.
    public static func text(_ entries: [TraceBuffer.Entry], width: Int = textWidth) -> String {
        var lines: [String] = []
        for entry in entries where !entry.events.isEmpty {
            for line in TraceLines.lines(for: entry, width: width) {
                var text = line.text
                if let location = line.trailing {
                    let gap = width - DisplayWidth.of(text) - DisplayWidth.of(location)
                    text += String(repeating: " ", count: max(1, gap)) + location
                }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object per event, keys sorted, so outputs diff cleanly.
    public static func json(_ entries: [TraceBuffer.Entry]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return entries.flatMap(\.events).map { event in
            // Encoding a struct of strings, numbers and booleans cannot fail.
            String(decoding: try! encoder.encode(event), as: UTF8.self)
        }.joined(separator: "\n")
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Shell
import Terminal
import Tracing

/// How `mvx trace` prints a replay.
package enum TraceOutputFormat: String, CaseIterable, Sendable {
    /// The trace as the pane shows it, without colours.
    case text
    /// One `TraceEvent` JSON object per line (what `MVX_TRACE_FILE` writes for events).
    case json
    /// A Mermaid `sequenceDiagram`.
    case mermaid
}

/// Renders replayed trace entries in each output format.
package enum TraceOutput {
    /// The width of the text format: the pane's widest, so every call keeps its line and location.
    package static let textWidth = 100

    package static func render(_ entries: [TraceBuffer.Entry], as format: TraceOutputFormat) -> String {
        switch format {
        case .text: text(entries)
        case .json: json(entries)
        case .mermaid: MermaidSequenceDiagram(entries: entries).text
        }
    }

    /// The pane's lines for every action that reached a role method, locations right-aligned.
    /// Controls in the data (a typed ESC, a bidi override) are shown as the pane shows them.
    package static func text(_ entries: [TraceBuffer.Entry], width: Int = textWidth) -> String {
        var lines: [String] = []
        for entry in entries where !entry.events.isEmpty {
            for line in TraceLines.lines(for: entry, width: width) {
                var text = Sanitizer.visible(line.text)
                if let location = line.trailing.map(Sanitizer.visible) {
                    let gap = width - DisplayWidth.of(text) - DisplayWidth.of(location)
                    text += String(repeating: " ", count: max(1, gap)) + location
                }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object per event, keys sorted, so outputs diff cleanly.
    package static func json(_ entries: [TraceBuffer.Entry]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return entries.flatMap(\.events).map { event in
            // Encoding a struct of strings, numbers and booleans cannot fail.
            escapingControls(String(decoding: try! encoder.encode(event), as: UTF8.self))
        }.joined(separator: "\n")
    }

    /// `json` with the controls the encoder leaves raw (DEL, C1, bidi: it escapes only C0) written
    /// as `\u` escapes: the same string to a JSON reader, and nothing a terminal would act on.
    /// They can only stand inside strings, where an escape means the character itself.
    static func escapingControls(_ json: String) -> String {
        guard Sanitizer.needsCleaning(json) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F, Sanitizer.isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Terminal
import Tracing

/// A Mermaid `sequenceDiagram` of replayed actions: the user, then one participant per type (with
/// its role) in order of appearance, and one arrow per event from its recorded caller
/// (`TraceCalls`). Synchronous calls are solid arrows (`->>`), calls after the key's handling
/// returned dotted open ones (`--)`); each action starts with a note naming the key. A call no
/// traced method made comes from the user when the key made it, and from `Later` (a reply, a
/// timer, a deferred frame) when it came after.
package struct MermaidSequenceDiagram {
    package let text: String

    package init(entries: [TraceBuffer.Entry]) {
        var participants: [String: String] = [:]  // "Role Type" → id
        var declarations: [String] = []
        var body: [String] = []
        var needsLater = false
        func participant(for event: TraceEvent) -> String {
            let key = "\(event.role.rawValue) \(event.type)"
            if let id = participants[key] { return id }
            let id = "P\(participants.count + 1)"
            participants[key] = id
            declarations.append("    participant \(id) as \(Self.participantName(event.type)) (\(event.role.rawValue))")
            return id
        }
        for entry in entries where !entry.events.isEmpty {
            body.append("    Note right of User: \(Self.escape(entry.action.label))")
            let callers = TraceCalls.callers(of: entry.events)
            for (event, caller) in zip(entry.events, callers) {
                let from = caller.map { participant(for: entry.events[$0]) } ?? (event.isAsync ? "Later" : "User")
                if caller == nil, event.isAsync { needsLater = true }
                let to = participant(for: event)
                let arrow = event.isAsync ? "--)" : "->>"
                let message = event.bareMethod + (event.detail.isEmpty ? "" : " · " + event.detail)
                body.append("    \(from)\(arrow)\(to): \(Self.escape(message))")
            }
        }
        let later = needsLater ? ["    participant Later as later (reply, timer)"] : []
        text = (["sequenceDiagram", "    autonumber", "    actor User"] + later + declarations + body).joined(separator: "\n")
    }

    /// A type's name as a participant label: generic brackets become ‹ › (entity codes are not
    /// decoded in participant labels).
    static func participantName(_ type: String) -> String {
        escape(type.replacing("<", with: "‹").replacing(">", with: "›"))
    }

    /// Mermaid reads `;` and `#` as syntax and `<`, `>` as markup: they become entity codes, and a
    /// line break would end the statement, so it becomes a space. Other controls (ESC, bidi
    /// overrides) are shown as the sanitiser shows them.
    static func escape(_ text: String) -> String {
        Sanitizer.visible(entities(text))
    }

    private static func entities(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "#35;"
            case ";": result += "#59;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "\"": result += "#quot;"
            case "\n", "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

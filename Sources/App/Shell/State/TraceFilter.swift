import PatternVocabulary
import Tracing

/// What the trace pane shows: every line, the lines a typed filter picks (`/`), and — with `p` —
/// only the pattern's own roles, so a greeting's story is not lost among the network's lines.
///
/// A filter is words separated by spaces. A word that names a role (`presenter`, `network`) picks
/// that role's lines; any other word picks lines whose type, method or text contain it (any case).
/// A word with a leading `-` hides what it would pick. Lines must match one plain word, if there
/// is one, and no `-` word.
package struct TraceFilter: Equatable, Sendable {
    /// The filter as typed.
    package private(set) var text = ""
    /// True: the shared layers' lines (network, cache, reformer, model, notification, shell) are hidden.
    package var ownRolesOnly = false
    private var terms: [Term] = []

    /// The longest filter kept: a pasted page of text is not a filter.
    static let lengthLimit = 60

    /// The roles of the layers every pattern shares, hidden by `ownRolesOnly`.
    static let sharedRoles: Set<Role> = [.shell, .model, .network, .reformer, .cache, .notification]

    private struct Term: Equatable, Sendable {
        let word: String
        let role: Role?
        let hides: Bool
    }

    package init(text: String = "", ownRolesOnly: Bool = false) {
        self.ownRolesOnly = ownRolesOnly
        // Every shell starts with no filter: the trimming's generic types cost the launch a few
        // protocol-conformance lookups for nothing.
        if !text.isEmpty { setText(text) }
    }

    /// Replaces the typed filter (cut at `lengthLimit` characters).
    package mutating func setText(_ newText: String) {
        text = String(newText.prefix(Self.lengthLimit).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        terms = text.split(separator: " ").compactMap { part in
            let hides = part.hasPrefix("-")
            let word = String(hides ? part.dropFirst() : part).lowercased()
            guard !word.isEmpty else { return nil }
            return Term(word: word, role: Role.allCases.first { $0.rawValue.lowercased() == word }, hides: hides)
        }
    }

    /// True when some lines may be hidden.
    package var isActive: Bool { ownRolesOnly || !terms.isEmpty }

    /// Whether `event`'s line shows.
    package func shows(_ event: TraceEvent) -> Bool {
        if ownRolesOnly, Self.sharedRoles.contains(event.role) { return false }
        let picks = terms.filter { !$0.hides }
        if !picks.isEmpty, !picks.contains(where: { matches($0, event) }) { return false }
        return !terms.contains { $0.hides && matches($0, event) }
    }

    private func matches(_ term: Term, _ event: TraceEvent) -> Bool {
        if let role = term.role { return event.role == role }
        return event.type.lowercased().contains(term.word) || event.method.lowercased().contains(term.word)
            || event.detail.lowercased().contains(term.word)
    }

    /// The entries with only the events that show (an action none of whose events show is left
    /// out), and how many events were hidden. Without a filter, `entries` as they are.
    package func apply(_ entries: [TraceBuffer.Entry]) -> (entries: [TraceBuffer.Entry], hidden: Int) {
        guard isActive else { return (entries, 0) }
        var hidden = 0
        var kept: [TraceBuffer.Entry] = []
        kept.reserveCapacity(entries.count)
        for var entry in entries {
            let count = entry.events.count
            entry.events.removeAll { !shows($0) }
            hidden += count - entry.events.count
            if !entry.events.isEmpty || count == 0 { kept.append(entry) }
        }
        return (kept, hidden)
    }

    /// The pane title's words for the filter: `/ presenter -network`, `own roles`, or both.
    package var summary: String {
        [ownRolesOnly ? "own roles" : nil, terms.isEmpty ? nil : "/ " + text].compactMap { $0 }.joined(separator: " ")
    }
}

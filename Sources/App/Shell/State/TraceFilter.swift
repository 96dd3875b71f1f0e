import PatternVocabulary
import Tracing

/// What the trace pane shows: every line, the lines a typed filter picks (`/`), and — with `p` —
/// only the pattern's own roles, so a greeting's story is not lost among the network's lines.
/// Then, unless `z` opened them, each network request's own lines (`Trace.request`: its
/// interceptors, decisions, cache and delivery — the network and cache roles) folded into one
/// line that says what it came to. The roles' reactions to the reply and the reformer's lines are
/// not the request's, so they stay: folded, the pane shows the pattern first.
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
    /// True (the default): each request's network and cache lines show as one folded line.
    package var foldsRequests = true
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

    /// The roles a request's folded line stands for; its other lines stay.
    static let foldedRoles: Set<Role> = [.network, .cache]

    package init(text: String = "", ownRolesOnly: Bool = false, foldsRequests: Bool = true) {
        self.ownRolesOnly = ownRolesOnly
        self.foldsRequests = foldsRequests
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
    /// out), each request folded unless `foldsRequests` is off; how many events the filter hid; and
    /// how many requests the shown lines hold (folded or not). Without a filter and with nothing to
    /// fold, `entries` as they are.
    package func apply(_ entries: [TraceBuffer.Entry]) -> (entries: [TraceBuffer.Entry], hidden: Int, requests: Int) {
        var hidden = 0
        var requests = 0
        var kept: [TraceBuffer.Entry] = []
        kept.reserveCapacity(entries.count)
        for var entry in entries {
            let recorded = entry.events
            if isActive {
                entry.events.removeAll { !shows($0) }
                hidden += recorded.count - entry.events.count
                if entry.events.isEmpty, !recorded.isEmpty { continue }
            }
            // Most actions send nothing: they are passed on without a copy.
            if entry.events.contains(where: isFoldable) {
                let (events, count) = Self.fold(entry.events, recorded: recorded, closed: foldsRequests)
                if foldsRequests { entry.events = events }
                requests += count
            }
            kept.append(entry)
        }
        return (kept, hidden, requests)
    }

    /// Whether `event` is one of a request's own lines, which a fold stands for.
    private func isFoldable(_ event: TraceEvent) -> Bool {
        event.request != nil && Self.foldedRoles.contains(event.role)
    }

    /// `events` with each request's own lines replaced by one line where its first one was, and
    /// how many requests there were. The line's words are the newest outcome among the request's
    /// `recorded` events, so a filter that hid the deciding line does not blank them.
    private static func fold(_ events: [TraceEvent], recorded: [TraceEvent], closed: Bool) -> ([TraceEvent], Int) {
        // A list, not a dictionary: an action holds a few requests, and the first frame hashes nothing.
        var requests: [(id: UInt64, outcome: String?, lines: Int, isShown: Bool)] = []
        func index(of id: UInt64) -> Int {
            if let index = requests.firstIndex(where: { $0.id == id }) { return index }
            requests.append((id, nil, 0, false))
            return requests.count - 1
        }
        for event in events where event.request != nil && foldedRoles.contains(event.role) {
            let index = index(of: event.request!.id)
            requests[index].lines += 1
        }
        for event in recorded {
            guard let request = event.request, let outcome = request.outcome,
                  let index = requests.firstIndex(where: { $0.id == request.id }) else { continue }
            requests[index].outcome = outcome
        }
        guard closed else { return (events, requests.count) }
        var folded: [TraceEvent] = []
        for event in events {
            guard let request = event.request, foldedRoles.contains(event.role) else {
                folded.append(event)
                continue
            }
            let index = index(of: request.id)
            guard !requests[index].isShown else { continue }
            requests[index].isShown = true
            var line = event
            line.detail = requests[index].outcome ?? event.call
            line.request = TraceRequest(id: request.id, outcome: requests[index].outcome, folded: requests[index].lines)
            folded.append(line)
        }
        return (folded, requests.count)
    }

    /// The pane title's words for the folds, when the pane holds a request: closed or open, and the
    /// key that changes that (from the key map).
    package var foldSummary: String { (foldsRequests ? "⋯ folded" : "unfolded") + " (\(Self.foldKey))" }

    private static let foldKey = Keymap.bindings(in: .shell)
        .first { $0.commands.values.contains(.toggleTraceFolds) }?.keys ?? "?"

    /// The pane title's words for the filter: `/ presenter -network`, `own roles`, or both.
    package var summary: String {
        [ownRolesOnly ? "own roles" : nil, terms.isEmpty ? nil : "/ " + text].compactMap { $0 }.joined(separator: " ")
    }
}

import Terminal

/// Characters that arrive together while a text field has the focus are text for that field —
/// there, no character is a command — so a burst of them (a paste the terminal did not bracket, a
/// fast typist, a held key) is handed over as one edit: one event, one trace line, one insertion,
/// instead of one per character, which made a 5,000-character paste cost the square of its length.
enum TypingBurst {
    /// The characters of the run starting at `index` and how many events it spans, when it spans
    /// more than one (joined, two may make one grapheme: the count is the events').
    static func run(in events: [TerminalEvent], from index: Int) -> (text: String, events: Int)? {
        var text = ""
        var end = index
        while end < events.count, case .key(.character(let character)) = events[end] {
            text.append(character)
            end += 1
        }
        return end - index > 1 ? (text, end - index) : nil
    }
}

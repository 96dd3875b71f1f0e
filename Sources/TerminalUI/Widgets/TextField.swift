import Terminal
import Tracing

/// A one-line editable text box with a title before it: `First name [张伟        ]`.
///
/// When focused it consumes printable characters, a paste (inserted whole, as one edit, line breaks
/// and tabs as spaces), Backspace, Delete, ←/→, Home/End and Enter; Esc leaves the field (the
/// window moves the focus on). The hardware cursor sits at the insertion point, in display cells.
@MainActor
package final class TextField: View {
    /// What a text field reports to its targets.
    package enum Event: Sendable, Hashable {
        /// The user edited the text.
        case editingChanged
        /// Enter (when the delegate agrees), Esc, or focus leaving after an edit ended editing.
        case editingDidEnd
    }

    /// The content. Setting it in code moves the insertion point to the end and sends no events.
    package var text: String {
        didSet {
            guard !isEditingInPlace, text != oldValue else { return }
            characterCount = text.count
            insertionIndex = characterCount
            setNeedsDisplay()
        }
    }
    /// Dim text shown in the box while it is empty.
    package var placeholder: String { didSet { setNeedsDisplay() } }
    /// The title shown before the box, e.g. `First name`.
    package var title: String { didSet { setNeedsDisplay() } }
    /// Cells reserved for the title (so fields in a form line up); nil uses the title's width.
    package var titleWidth: Int? { didSet { setNeedsDisplay() } }
    /// Cells of the box's interior when sizing to fit.
    package var preferredBoxWidth = 24
    /// Told about changes and about Enter. Weak, like every delegate.
    package weak var delegate: (any TextFieldDelegate)?

    /// The insertion point as a count of characters (grapheme clusters) from the start.
    package var insertionIndex: Int {
        didSet {
            insertionIndex = max(0, min(insertionIndex, characterCount))
            if insertionIndex != oldValue { setNeedsDisplay() }
        }
    }

    private var actions: [(event: Event, action: TargetAction)] = []
    private var isEditing = false
    /// `text.count`, kept so typing at the end costs the same however long the text is (counting
    /// graphemes is linear: a 5,000-key burst would otherwise be quadratic).
    private var characterCount: Int
    /// Set while a key edits `text` in place, so `text`'s observer leaves the bookkeeping to the edit.
    private var isEditingInPlace = false

    /// Creates a text field with a title before its box.
    package init(title: String = "", text: String = "", placeholder: String = "", frame: Rect = .zero) {
        self.title = title
        self.text = text
        self.placeholder = placeholder
        self.characterCount = text.count
        self.insertionIndex = characterCount
        super.init(frame: frame)
    }

    /// Sends `action` to `target` whenever `event` happens. The target is held weakly.
    package func addTarget<T: AnyObject>(
        _ target: T, action: @escaping @MainActor (T) -> () -> Void, for event: Event
    ) {
        actions.removeAll { !$0.action.isAlive }
        actions.append((event, TargetAction(target: target, action: action)))
    }

    /// The insertion point in display cells from the start of the text (a CJK character counts two).
    package var insertionColumn: Int { DisplayWidth.of(text.prefix(insertionIndex)) }

    /// Text fields take focus to be edited.
    package override var canBecomeFocused: Bool { true }

    /// Edits the text or moves the insertion point; Esc ends editing without consuming the key
    /// (the window, which sees Esc first, moves the focus out of the field).
    package override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(String(character), count: 1)
        case .paste(let pasted):
            // One edit for the whole paste (one event, one trace line): linear in its length.
            let inserted = String(pasted.map { $0 == "\n" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
            guard !inserted.isEmpty else { return true }
            insert(inserted, count: inserted.count)
        case .backspace:
            guard insertionIndex > 0 else { return true }
            let at = insertionIndex - 1
            if insertionIndex == characterCount {  // the last grapheme: nothing else can change
                editInPlace(insertionIndex: at, countChange: -1) { $0.removeLast() }
            } else {
                editInPlace(insertionIndex: at, countChange: nil) { $0.remove(at: $0.index($0.startIndex, offsetBy: at)) }
            }
        case .delete:
            guard insertionIndex < characterCount else { return true }
            let at = insertionIndex
            editInPlace(insertionIndex: at, countChange: nil) { $0.remove(at: $0.index($0.startIndex, offsetBy: at)) }
        case .left: insertionIndex -= 1
        case .right: insertionIndex += 1
        case .home: insertionIndex = 0
        case .end: insertionIndex = characterCount
        case .enter:
            if delegate?.textFieldShouldReturn(self) ?? true { endEditing() }
        case .escape:
            // Ending editing does not use the key up: Esc still reaches the navigation controller.
            endEditing()
            return false
        default:
            return false
        }
        return true
    }

    /// A click puts the focus in the field (starting an editing session), as ↑/↓ onto it would.
    package override func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.isClick else { return false }
        window?.focus(self)
        return true
    }

    /// Focus starts an editing session.
    package override func didBecomeFocused() {
        super.didBecomeFocused()
        isEditing = true
    }

    /// Losing focus ends the editing session (sends `.editingDidEnd` once).
    package override func didResignFocus() {
        super.didResignFocus()
        endEditing()
    }

    /// Title plus a box of `preferredBoxWidth`, one row.
    package override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, boxX + preferredBoxWidth + 2), height: 1)
    }

    /// Draws title, box and text (or placeholder); places the cursor when focused.
    package override func draw(in canvas: Canvas) {
        if !title.isEmpty {
            canvas.draw(title, at: .zero, width: boxX - 1, style: Theme.title)
        }
        let inner = max(0, canvas.size.width - boxX - 2)
        canvas.draw("[", at: Point(x: boxX, y: 0), style: isFocused ? Theme.accent : Theme.plain)
        canvas.draw("]", at: Point(x: boxX + 1 + inner, y: 0), style: isFocused ? Theme.accent : Theme.plain)
        let interior = Point(x: boxX + 1, y: 0)
        if text.isEmpty {
            canvas.draw(placeholder, at: interior, width: inner, style: Theme.dim)
            if isFocused { canvas.showCursor(at: interior) }
            return
        }
        // Scroll horizontally just enough that the insertion point stays inside the box: walk back
        // from it until the box is full (linear, so a very long text stays cheap to draw).
        let characters = Array(text)
        let insertion = min(insertionIndex, characters.count)
        let room = max(0, inner - 1)
        var start = insertion
        var column = 0
        while start > 0 {
            let width = DisplayWidth.of(characters[start - 1])
            if column + width > room { break }
            column += width
            start -= 1
        }
        let shown = String(characters[start..<min(characters.count, start + inner + 1)])
        canvas.draw(shown, at: interior, width: inner, style: Theme.field)
        if isFocused { canvas.showCursor(at: Point(x: interior.x + column, y: 0)) }
    }

    /// Column where the box's `[` is drawn: after the title and one space.
    private var boxX: Int {
        if let titleWidth { return titleWidth + 1 }
        return title.isEmpty ? 0 : DisplayWidth.of(title) + 1
    }

    /// Inserts `inserted` (`count` characters) at the insertion point, appending when it is at the end.
    private func insert(_ inserted: String, count: Int) {
        let at = insertionIndex
        if at == characterCount, let first = inserted.first {
            // Appending: only the last grapheme and the first new one can join (a combining mark).
            let joins = text.last.map { (String($0) + String(first)).count == 1 } ?? false
            editInPlace(insertionIndex: at + count - (joins ? 1 : 0), countChange: count - (joins ? 1 : 0)) {
                $0.append(contentsOf: inserted)
            }
        } else {
            editInPlace(insertionIndex: at + count, countChange: nil) {
                $0.insert(contentsOf: inserted, at: $0.index($0.startIndex, offsetBy: at))
            }
        }
    }

    /// Changes `text` in place, updates the count (by `countChange`, or by counting when an edit in
    /// the middle may have joined or split graphemes) and the insertion point, then reports the edit.
    private func editInPlace(insertionIndex newIndex: Int, countChange: Int?, _ edit: (inout String) -> Void) {
        isEditingInPlace = true
        edit(&text)
        isEditingInPlace = false
        characterCount = countChange.map { characterCount + $0 } ?? text.count
        insertionIndex = min(newIndex, characterCount)
        setNeedsDisplay()
        commitEdit()
    }

    private func commitEdit() {
        isEditing = true
        @Traced(.view, self, "\(title.isEmpty ? "text" : title): \(traced)") var call
        delegate?.textFieldDidChange(self)
        send(.editingChanged)
    }

    /// The text as the trace shows it: whole when short, else its end and its length — a trace line
    /// per edit must not grow with the field, or a long paste would cost the square of its length.
    private var traced: String {
        let shown = 40
        guard characterCount > shown else { return "\"" + text + "\"" }
        return "\"…" + String(text.suffix(shown - 1)) + "\" (\(characterCount) characters)"
    }

    private func endEditing() {
        guard isEditing else { return }
        isEditing = false
        send(.editingDidEnd)
    }

    private func send(_ event: Event) {
        for entry in actions where entry.event == event { entry.action() }
    }
}

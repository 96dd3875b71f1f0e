import Terminal
import Testing
import Widgets

@MainActor
private final class FieldObserver: TextFieldDelegate {
    var changes: [String] = []
    var returns = 0
    var ended = 0
    var shouldReturn = true

    func textFieldDidChange(_ textField: TextField) { changes.append(textField.text) }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        returns += 1
        return shouldReturn
    }
    func didEndEditing() { ended += 1 }
}

@MainActor
@Suite struct TextFieldTests {
    private func type(_ text: String, into field: TextField) {
        for character in text { _ = field.handleKey(.character(character)) }
    }

    @Test func insertsInTheMiddleAndEditsWithBackspaceDeleteHomeEnd() {
        let field = TextField(title: "First name")
        type("Wi", into: field)
        _ = field.handleKey(.left)
        type("e", into: field)
        #expect(field.text == "Wei")
        #expect(field.insertionIndex == 2)
        _ = field.handleKey(.backspace)
        #expect(field.text == "Wi")
        _ = field.handleKey(.home)
        _ = field.handleKey(.delete)
        #expect(field.text == "i")
        #expect(field.insertionIndex == 0)
        _ = field.handleKey(.backspace)  // nothing before the cursor: no change, still consumed
        #expect(field.text == "i")
        _ = field.handleKey(.end)
        type("!", into: field)
        #expect(field.text == "i!")
        _ = field.handleKey(.delete)  // nothing after the cursor
        #expect(field.text == "i!")
    }

    @Test func cjkAndEmojiAreEditedAsWholeCharacters() {
        let field = TextField()
        type("张伟👩‍💻", into: field)
        #expect(field.insertionIndex == 3)
        #expect(field.insertionColumn == 6)
        _ = field.handleKey(.backspace)
        #expect(field.text == "张伟")
        _ = field.handleKey(.left)
        #expect(field.insertionColumn == 2)
        type("小", into: field)
        #expect(field.text == "张小伟")
    }

    @Test func drawsTitleBoxAndCursorInDisplayCells() {
        let field = TextField(title: "First name")
        let window = Window(rootViewController: FormViewController(views: [field]))
        window.appear()
        window.focus(field)
        type("张伟", into: field)
        var screen = render(window, size: Size(width: 30, height: 1))
        #expect(screen.text == "First name [张伟             ]")
        // "First name [" is 12 cells, 张伟 four more.
        #expect(screen.cursor == Point(x: 16, y: 0))
        _ = field.handleKey(.left)
        screen = render(window, size: Size(width: 30, height: 1))
        #expect(screen.cursor == Point(x: 14, y: 0))
    }

    // Issue 24 §4: U+202E is drawn as `\u{202E}`, 8 cells; measured as 0, it pushed the `]` out.
    @Test func aBidiControlKeepsTheBoxClosed() {
        let field = TextField()
        let window = Window(rootViewController: FormViewController(views: [field]))
        window.appear()
        window.focus(field)
        type("\u{202E}", into: field)
        var screen = render(window, size: Size(width: 14, height: 1))
        #expect(screen.text == "[\\u{202E}    ]")
        #expect(screen.cursor == Point(x: 9, y: 0))
        type("\u{202E}", into: field)  // 16 cells in a box of 12: scrolled, still closed
        screen = render(window, size: Size(width: 14, height: 1))
        #expect(screen.text == "[\\u{202E}    ]")
        #expect(screen.cursor == Point(x: 9, y: 0))
    }

    @Test func placeholderShowsWhileEmpty() {
        let field = TextField(title: "Last name", placeholder: "e.g. Zhang")
        let screen = render(field, size: Size(width: 30, height: 1))
        #expect(screen.text == "Last name [e.g. Zhang        ]")
        #expect(screen.cursor == nil)  // not focused: no cursor
    }

    @Test func longTextScrollsToKeepTheCursorInTheBox() {
        let field = TextField()
        let window = Window(rootViewController: FormViewController(views: [field]))
        window.appear()
        window.focus(field)
        type("abcdefghij", into: field)
        let screen = render(window, size: Size(width: 8, height: 1))
        #expect(screen.text == "[fghij ]")
        #expect(screen.cursor == Point(x: 6, y: 0))
    }

    @Test func titlesAlignWithTitleWidth() {
        let first = TextField(title: "名")
        let last = TextField(title: "Last name")
        first.titleWidth = 9
        last.titleWidth = 9
        let screen = render(StackView(arrangedSubviews: [first, last], spacing: 0), size: Size(width: 16, height: 2))
        #expect(lines(screen) == ["名        [    ]", "Last name [    ]"])
    }

    @Test func delegateAndTargetsHearEditsReturnAndEnd() {
        let field = TextField()
        let observer = FieldObserver()
        field.delegate = observer
        field.addTarget(observer, action: FieldObserver.didEndEditing, for: .editingDidEnd)
        type("ab", into: field)
        #expect(observer.changes == ["a", "ab"])
        #expect(field.handleKey(.enter))
        #expect(observer.returns == 1)
        #expect(observer.ended == 1)
        observer.shouldReturn = false
        type("c", into: field)
        _ = field.handleKey(.enter)
        #expect(observer.ended == 1)
        // Esc ends editing but is not consumed, so it can still go back a screen.
        #expect(!field.handleKey(.escape))
        #expect(observer.ended == 2)
    }

    @Test func unrelatedKeysAreNotConsumed() {
        let field = TextField()
        #expect(!field.handleKey(.up))
        #expect(!field.handleKey(.down))
        #expect(!field.handleKey(.tab))
        #expect(field.handleKey(.character("q")))
    }
}

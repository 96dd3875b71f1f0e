import Terminal
import Testing
import Widgets

/// Keys a text field must not swallow, and pastes it must take whole (issue 9).
@MainActor
@Suite struct HostileKeyWidgetTests {
    private final class Counter {
        var changes = 0
        func changed() { changes += 1 }
    }

    @Test func escInATextFieldMovesTheFocusToTheNextControlThatIsNotAField() {
        let first = TextField(title: "First")
        let last = TextField(title: "Last")
        let button = Button(title: "Show")
        let controller = FormViewController(views: [first, last, button])
        let window = Window(rootViewController: controller)
        window.appear()
        window.focus(first)
        #expect(window.handleKey(.escape))
        #expect(window.focusedView === button)
        // q is no longer typed into the name: it goes up the chain (to the shell).
        #expect(!window.handleKey(.character("q")))
        #expect(first.text.isEmpty)
        #expect(controller.offeredKeys == [.character("q")])
    }

    @Test func aNewScreenDoesNotStartWithTheFocusInATextField() {
        let first = TextField(title: "First")
        let button = Button(title: "Show")
        let window = Window(rootViewController: FormViewController(views: [first, button]))
        window.appear()
        #expect(window.focusedView === button)
        let onlyFields = Window(rootViewController: FormViewController(views: [TextField(title: "Name")]))
        onlyFields.appear()
        #expect(onlyFields.focusedView == nil)
    }

    @Test func aPasteIsInsertedWholeAsOneEdit() {
        let field = TextField(title: "Name", text: "ab")
        field.insertionIndex = 1
        let counter = Counter()
        field.addTarget(counter, action: Counter.changed, for: .editingChanged)
        #expect(field.handleKey(.paste("q1\nx\tz")))
        #expect(field.text == "aq1 x zb")
        #expect(field.insertionIndex == 7)
        #expect(counter.changes == 1)
    }

    @Test func aLongPasteIsLinear() {
        let field = TextField(title: "Name")
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = field.handleKey(.paste(String(repeating: "x", count: 10_000))) }
        #expect(field.text.count == 10_000)
        #expect(elapsed < .milliseconds(500), "a 10,000-character paste took \(elapsed)")
    }

    @Test func typingFiveThousandKeysIsLinear() {
        let field = TextField(title: "Name")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<5_000 { _ = field.handleKey(.character("y")) }
        }
        #expect(field.text.count == 5_000 && field.insertionIndex == 5_000)
        #expect(elapsed < .milliseconds(300), "5,000 typed keys took \(elapsed)")
    }

    @Test func aCombiningMarkTypedAloneJoinsTheCharacterBefore() {
        let field = TextField(title: "Name", text: "ab")
        _ = field.handleKey(.character("e"))
        _ = field.handleKey(.character("\u{301}"))
        #expect(field.text == "abe\u{301}")
        #expect(field.insertionIndex == 3)
        _ = field.handleKey(.backspace)
        #expect(field.text == "ab" && field.insertionIndex == 2)
        _ = field.handleKey(.left)
        _ = field.handleKey(.character("x"))
        _ = field.handleKey(.delete)
        #expect(field.text == "ax" && field.insertionIndex == 2)
    }

    @Test func otherWidgetsIgnoreAPaste() {
        #expect(!Button(title: "Show").handleKey(.paste("q")))
        #expect(!Label(text: "x").handleKey(.paste("q")))
    }
}

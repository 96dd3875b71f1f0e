import Terminal
import Testing
import Widgets

@MainActor
@Suite struct LabelTests {
    @Test func singleLineIsTruncatedWithEllipsis() {
        let label = Label(text: "Hello, world")
        let screen = render(label, size: Size(width: 8, height: 1))
        #expect(screen.text == "Hello, …")
    }

    @Test func wrapsAtSpaces() {
        let label = Label(text: "the quick brown fox", numberOfLines: 0)
        let screen = render(label, size: Size(width: 10, height: 3))
        #expect(lines(screen) == ["the quick", "brown fox", ""])
        #expect(label.sizeThatFits(Size(width: 10, height: 10)) == Size(width: 9, height: 2))
    }

    @Test func wrapsCJKByDisplayWidth() {
        let label = Label(text: "张伟是一个好人", numberOfLines: 0)
        let screen = render(label, size: Size(width: 7, height: 3))
        // Three ideographs fill six cells; a fourth would need eight.
        #expect(lines(screen) == ["张伟是", "一个好", "人"])
        #expect(label.sizeThatFits(Size(width: 7, height: 10)) == Size(width: 6, height: 3))
    }

    @Test func mixedLatinAndCJKBreaksBeforeIdeographs() {
        #expect(TextWrapping.lines(of: "Hi 张伟 welcome", width: 6) == ["Hi 张", "伟", "welcom", "e"])
        #expect(TextWrapping.lines(of: "line one\nline two", width: 20) == ["line one", "line two"])
    }

    @Test func limitedLinesEndInEllipsis() {
        let label = Label(text: "one two three four five", numberOfLines: 2)
        let screen = render(label, size: Size(width: 9, height: 3))
        #expect(lines(screen) == ["one two", "three…", ""])
    }

    @Test func alignment() {
        let right = render(Label(text: "张伟", alignment: .right), size: Size(width: 6, height: 1))
        #expect(right.row(0) == "  张伟")
        let center = render(Label(text: "ab", alignment: .center), size: Size(width: 6, height: 1))
        #expect(center.row(0) == "  ab  ")
    }

    @Test func controlCharactersAreSanitised() {
        let screen = render(Label(text: "a\u{1B}[31mb"), size: Size(width: 10, height: 1))
        #expect(screen.text == "a␛[31mb")
    }
}

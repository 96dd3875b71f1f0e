import CodeMetrics
import Testing

/// The lexer under the counts: code lines, and declarations found only outside comments and strings.
@Suite("Counting Swift: lines, types, protocols, tests")
struct SwiftScannerTests {
    @Test("blank lines, line, doc and nested block comments are not code; code with a trailing comment is")
    func codeLines() {
        let scanned = ScannedSwift("""
            /// A doc comment.
            import Model

            // struct NotAType {}
            /* a block
               /* nested */ class StillComment {}
            */
            let x = 1 // a comment after code
                /* before */ let y = 2
            """)
        #expect(scanned.isCode == [false, true, false, false, false, false, false, true, true])
        #expect(scanned.codeLineCount == 3)
        #expect(scanned.typeCount == 0 && scanned.protocolCount == 0)
    }

    @Test("strings: // and keywords inside them are text; multi-line, raw and interpolated strings end where Swift ends them")
    func strings() {
        let scanned = ScannedSwift(#"""
            let url = "https://example.com" // trailing
            let words = "struct Fake {} // not a comment"
            let raw = #"a "quoted" \(not) struct"#
            let nested = "\(flag ? "x" : "y") class"
            let block = """
                // inside a multi-line string: code, not comment

                struct AlsoText {}
                """
            struct Real {}
            """#)
        #expect(scanned.codeLineCount == 9, "every line but the blank one inside the literal is code")
        #expect(scanned.declarations == ["struct"])
        #expect(scanned.strippedLines[0] == #"let url = "" "#)
        #expect(scanned.strippedLines[3].contains("flag ?"), "an interpolation is code")
    }

    @Test("types: class, struct, enum, actor after attributes and modifiers; class members and extensions are not types")
    func declarations() {
        let scanned = ScannedSwift("""
            @MainActor
            public final class Presenter: Output {
                class func make() -> Presenter { Presenter() }
                private(set) var state = 0
                enum State { case idle }
            }
            @available(macOS 26, *) struct Row {}
            indirect enum Tree { case leaf }
            actor Cache {}
            public protocol View: AnyObject {}
            protocol Output {}
            extension Presenter: View {}
            let classes = 3
            """)
        #expect(scanned.declarations == ["class", "enum", "struct", "enum", "actor", "protocol", "protocol"])
        #expect(scanned.typeCount == 5)
        #expect(scanned.protocolCount == 2)
    }

    @Test("tests: one per @Test attribute, parameterised or not; @Test in a comment or string does not count")
    func tests() {
        let scanned = ScannedSwift("""
            @Suite("a suite") struct Tests {
                @Test("one") func one() {}
                @Test("two", arguments: [1, 2]) func two(value: Int) {}
                @Test func three() {}
                // @Test("commented out") func four() {}
                let name = "@Test"
            }
            """)
        #expect(scanned.testCount == 3)
    }
}

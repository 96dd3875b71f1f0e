import SourceCatalog
import Testing
@testable import Shell

@Suite("Swift tokenizer (source pane colouring)")
struct SwiftTokenizerTests {
    typealias Token = SwiftTokenizer.Token

    /// The tokens of one line from the top level of code.
    static func tokens(_ line: String) -> [Token] {
        SwiftTokenizer.tokenize(line).tokens
    }

    /// The tokens of consecutive lines, each starting where the one before ended, and the final state.
    static func tokens(lines: [String]) -> (tokens: [[Token]], end: SwiftTokenizer.State) {
        var state = SwiftTokenizer.State.code
        var result: [[Token]] = []
        for line in lines {
            let (tokens, end) = SwiftTokenizer.tokenize(line, from: state)
            result.append(tokens)
            state = end
        }
        return (result, state)
    }

    @Test("keywords, type names and plain names; pieces of one kind come as one token")
    func keywordsAndTypes() {
        #expect(Self.tokens("let greeting: String = name") == [
            Token(.keyword, "let"), Token(.plain, " greeting: "), Token(.type, "String"), Token(.plain, " = name"),
        ])
        #expect(Self.tokens("guard let view else { return nil }") == [
            Token(.keyword, "guard"), Token(.plain, " "), Token(.keyword, "let"), Token(.plain, " view "),
            Token(.keyword, "else"), Token(.plain, " { "), Token(.keyword, "return"), Token(.plain, " "),
            Token(.keyword, "nil"), Token(.plain, " }"),
        ])
        #expect(Self.tokens("_ = Self.make()") == [
            Token(.plain, "_ = "), Token(.keyword, "Self"), Token(.plain, ".make()"),
        ])
    }

    @Test("a keyword's spelling after a dot or as an argument label is a name; .self, .init, default: stay keywords")
    func contextualNames() {
        #expect(Self.tokens("style: .default, in: list") == [Token(.plain, "style: .default, in: list")])
        #expect(Self.tokens("Foo.self") == [Token(.type, "Foo"), Token(.plain, "."), Token(.keyword, "self")])
        #expect(Self.tokens("default: break") == [
            Token(.keyword, "default"), Token(.plain, ": "), Token(.keyword, "break"),
        ])
        #expect(Self.tokens("`default`") == [Token(.plain, "`default`")], "a backticked name is a name")
        #expect(Self.tokens("$0.name") == [Token(.plain, "$0.name")])
    }

    @Test("line comments, doc comments, and // inside a string is no comment")
    func lineComments() {
        #expect(Self.tokens("x = 1 // one") == [
            Token(.plain, "x = "), Token(.number, "1"), Token(.plain, " "), Token(.comment, "// one"),
        ])
        #expect(Self.tokens("/// The view.") == [Token(.docComment, "/// The view.")])
        #expect(Self.tokens("//// a rule") == [Token(.comment, "//// a rule")])
        #expect(Self.tokens(#"let url = "http://x.org" // site"#) == [
            Token(.keyword, "let"), Token(.plain, " url = "), Token(.string, #""http://x.org""#), Token(.plain, " "),
            Token(.comment, "// site"),
        ])
    }

    @Test("block comments: inline, nested, doc, and across lines")
    func blockComments() {
        #expect(Self.tokens("a /* b /* c */ d */ e") == [
            Token(.plain, "a "), Token(.comment, "/* b /* c */ d */"), Token(.plain, " e"),
        ], "Swift's block comments nest")
        #expect(Self.tokens("/** Doc. */ var") == [Token(.docComment, "/** Doc. */"), Token(.plain, " "), Token(.keyword, "var")])
        #expect(Self.tokens("/**/ var") == [Token(.comment, "/**/"), Token(.plain, " "), Token(.keyword, "var")])
        let (lines, end) = Self.tokens(lines: ["x /* starts", #"still "no string" here"#, "ends */ let y"])
        #expect(lines[0] == [Token(.plain, "x "), Token(.comment, "/* starts")])
        #expect(lines[1] == [Token(.comment, #"still "no string" here"#)])
        #expect(lines[2] == [Token(.comment, "ends */"), Token(.plain, " "), Token(.keyword, "let"), Token(.plain, " y")])
        #expect(end == .code)
    }

    @Test("string literals: escaped quotes and backslashes, unterminated ones end with their line")
    func strings() {
        #expect(Self.tokens(#""say \"hi\" now" + x"#) == [Token(.string, #""say \"hi\" now""#), Token(.plain, " + x")])
        #expect(Self.tokens(#""a\\" + "b""#) == [Token(.string, #""a\\""#), Token(.plain, " + "), Token(.string, #""b""#)])
        #expect(Self.tokens("x = \"\"") == [Token(.plain, "x = "), Token(.string, "\"\"")], "an empty string")
        let (lines, end) = Self.tokens(lines: [#"let s = "open"#, "let t = 1"])
        #expect(lines[0].last == Token(.string, #""open"#))
        #expect(lines[1].first == Token(.keyword, "let"), "nothing leaks into the next line")
        #expect(end == .code)
    }

    @Test("raw strings: #\"…\"# with quotes and backslashes inside, and their \\#( interpolation")
    func rawStrings() {
        #expect(Self.tokens(##"#"a "quoted" \n"# + y"##) == [Token(.string, ##"#"a "quoted" \n"#"##), Token(.plain, " + y")])
        #expect(Self.tokens(###"##"one "# two"## z"###) == [Token(.string, ###"##"one "# two"##"###), Token(.plain, " z")])
        #expect(Self.tokens(##"#"\#(name)!"#"##) == [
            Token(.string, ##"#""##), Token(.interpolation, ##"\#("##), Token(.plain, "name"),
            Token(.interpolation, ")"), Token(.string, ##"!"#"##),
        ])
        #expect(Self.tokens(##"#"\(not)"#"##) == [Token(.string, ##"#"\(not)"#"##)], "\\( is text in a raw string")
    }

    @Test("interpolation: its code is coloured as code, nested parentheses and strings included")
    func interpolation() {
        #expect(Self.tokens(#""Hello \(person.name(at: 1))!""#) == [
            Token(.string, #""Hello "#), Token(.interpolation, #"\("#), Token(.plain, "person.name(at: "),
            Token(.number, "1"), Token(.plain, ")"), Token(.interpolation, ")"), Token(.string, #"!""#),
        ])
        #expect(Self.tokens(#""a \(b ? "x" : "y") c""#) == [
            Token(.string, #""a "#), Token(.interpolation, #"\("#), Token(.plain, "b ? "), Token(.string, #""x""#),
            Token(.plain, " : "), Token(.string, #""y""#), Token(.interpolation, ")"), Token(.string, #" c""#),
        ])
    }

    @Test("multi-line strings carry over lines; a comment marker inside is text")
    func multilineStrings() {
        let (lines, end) = Self.tokens(lines: ["let s = \"\"\"", "    text // not a comment \"quoted\"",
                                               "    \\(x) \"\"\"", "let y = 1"])
        #expect(lines[0] == [Token(.keyword, "let"), Token(.plain, " s = "), Token(.string, "\"\"\"")])
        #expect(lines[1] == [Token(.string, "    text // not a comment \"quoted\"")])
        #expect(lines[2] == [
            Token(.string, "    "), Token(.interpolation, "\\("), Token(.plain, "x"), Token(.interpolation, ")"),
            Token(.string, " \"\"\""),
        ])
        #expect(lines[3].first == Token(.keyword, "let"))
        #expect(end == .code)
        let (raw, rawEnd) = Self.tokens(lines: ["#\"\"\"", "  a \"\"\" inside", "  \"\"\"#"])
        #expect(raw[1] == [Token(.string, "  a \"\"\" inside")], "\"\"\" without its # does not close a raw string")
        #expect(raw[2] == [Token(.string, "  \"\"\"#")])
        #expect(rawEnd == .code)
    }

    @Test("numbers, attributes, directives and regex literals")
    func numbersAttributesDirectives() {
        #expect(Self.tokens("1_000 0xFF 3.14 1e-3") == [
            Token(.number, "1_000"), Token(.plain, " "), Token(.number, "0xFF"), Token(.plain, " "), Token(.number, "3.14"),
            Token(.plain, " "), Token(.number, "1e-3"),
        ])
        #expect(Self.tokens("1...3") == [Token(.number, "1"), Token(.plain, "..."), Token(.number, "3")])
        #expect(Self.tokens("@MainActor final class A") == [
            Token(.attribute, "@MainActor"), Token(.plain, " "), Token(.keyword, "final"), Token(.plain, " "),
            Token(.keyword, "class"), Token(.plain, " "), Token(.type, "A"),
        ])
        #expect(Self.tokens("#if DEBUG") == [Token(.directive, "#if"), Token(.plain, " "), Token(.type, "DEBUG")])
        #expect(Self.tokens("fileID: #fileID") == [Token(.plain, "fileID: "), Token(.directive, "#fileID")])
        #expect(Self.tokens(##"x.matches(of: #/"(\w+)"/#)"##) == [
            Token(.plain, "x.matches(of: "), Token(.string, ##"#/"(\w+)"/#"##), Token(.plain, ")"),
        ], "a quote inside a regex literal starts no string")
    }

    @Test("on every embedded file: the tokens spell each line exactly, and nothing is left open at the end")
    func everyEmbeddedFile() throws {
        let files = SourceCatalog.files.filter { $0.path.hasSuffix(".swift") }
        try #require(files.count > 50)
        for file in files {
            var state = SwiftTokenizer.State.code
            for (index, line) in file.lines.enumerated() {
                let (tokens, end) = SwiftTokenizer.tokenize(String(line), from: state)
                #expect(tokens.map(\.text).joined() == line, "\(file.path):\(index + 1)")
                state = end
            }
            #expect(state == .code, "\(file.path) ends inside \(state)")
        }
    }
}

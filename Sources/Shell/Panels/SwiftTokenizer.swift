/// A small lexer for Swift, enough to colour the source pane: keywords, type names (capitalised
/// identifiers), string literals (multi-line and raw ones too, with the `\(` `)` of an
/// interpolation marked and the code inside it lexed as code), comments (line, nested block, doc),
/// numbers, attributes (`@MainActor`) and `#` directives (`#if`, `#fileID`).
///
/// It works one line at a time and carries what a line leaves open (a block comment, a multi-line
/// string) in `State`, so the pane tokenises only the lines it shows. It is not a parser: a
/// contextual keyword used as a name (`get`, `set`) is coloured as a keyword, and a bare `/regex/`
/// literal reads as division.
enum SwiftTokenizer {
    /// What a piece of a line is, for colouring.
    enum Kind: Hashable, Sendable {
        /// Names, operators, punctuation and spaces.
        case plain
        case keyword
        /// A capitalised identifier: `String`, `GreetingPresenter`.
        case type
        /// A string literal, its quotes and escapes included.
        case string
        /// The `\(` and `)` around an interpolation; what is between them is code.
        case interpolation
        case comment
        /// `///` and `/** */`.
        case docComment
        case number
        /// `@MainActor`, `@Test`.
        case attribute
        /// `#if`, `#fileID`, `#expect`.
        case directive
    }

    struct Token: Hashable, Sendable {
        var kind: Kind
        var text: String

        init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// What is open where a line ends, innermost last; empty at the top level of code.
    struct State: Hashable, Sendable {
        fileprivate(set) var open: [Context] = []

        /// Nothing open: the state at the start of a file.
        static let code = State()
    }

    /// One construct that can stay open across a line break.
    enum Context: Hashable, Sendable {
        /// A string literal: how many `#` delimit it (raw strings) and whether it is `"""`.
        case string(hashes: Int, multiline: Bool)
        /// The code of an interpolation, with how many of its own parentheses are open.
        case interpolation(parentheses: Int)
        /// A block comment; they nest in Swift.
        case blockComment(depth: Int, doc: Bool)
    }

    /// The tokens of one line (without its line break), starting in `state`, and the state the next
    /// line starts in. Adjacent pieces of one kind come as one token; the texts join to `line`.
    static func tokenize(_ line: String, from state: State = .code) -> (tokens: [Token], end: State) {
        var lexer = Lexer(characters: Array(line), open: state.open)
        lexer.run()
        return (lexer.tokens, State(open: lexer.open))
    }

    /// Reserved words and the contextual keywords that read as keywords in this code base.
    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case", "catch", "class",
        "consume", "consuming", "continue", "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard",
        "if", "import", "in", "indirect", "init", "inout", "internal", "is", "isolated", "lazy", "let", "macro",
        "mutating", "nil", "nonisolated", "nonmutating", "open", "operator", "override", "package",
        "precedencegroup", "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self",
        "Self", "sending", "set", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet",
    ]

    /// Keywords that stay keywords after a dot (`Foo.self`, `.init(…)`, `T.Type`).
    private static let memberKeywords: Set<String> = ["init", "self", "Type"]

    private struct Lexer {
        let characters: [Character]
        var open: [Context]
        var index = 0
        var tokens: [Token] = []

        init(characters: [Character], open: [Context]) {
            self.characters = characters
            self.open = open
        }

        mutating func run() {
            while index < characters.count {
                switch open.last {
                case .string(let hashes, let multiline)?: lexString(hashes: hashes, multiline: multiline)
                case .blockComment?: lexBlockComment()
                case .interpolation?, nil: lexCode()
                }
            }
            // A single-line string ends with its line, and so does anything opened inside it.
            if let string = open.firstIndex(where: { if case .string(_, false) = $0 { true } else { false } }) {
                open.removeSubrange(string...)
            }
        }

        // MARK: Code

        private mutating func lexCode() {
            let start = index
            let character = characters[index]
            if character == "/", peek(1) == "/" {
                let doc = peek(2) == "/" && peek(3) != "/"
                index = characters.count
                emit(doc ? .docComment : .comment, from: start)
                return
            }
            if character == "/", peek(1) == "*" {
                let doc = peek(2) == "*" && peek(3) != "*" && peek(3) != "/"  // `/**/` is empty, not doc
                index += 2
                open.append(.blockComment(depth: 1, doc: doc))
                emit(doc ? .docComment : .comment, from: start)
                return
            }
            if character == "#" || character == "\"" {
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                if peek(hashes) == "\"" {
                    let multiline = peek(hashes + 1) == "\"" && peek(hashes + 2) == "\""
                    index += hashes + (multiline ? 3 : 1)
                    open.append(.string(hashes: hashes, multiline: multiline))
                    emit(.string, from: start)
                    return
                }
                if hashes > 0, peek(hashes) == "/" {
                    lexRegex(hashes: hashes)
                    return
                }
                if hashes == 1, let next = peek(1), Self.startsIdentifier(next) {
                    index += 1
                    skipIdentifier()
                    emit(.directive, from: start)
                    return
                }
            }
            if character == "@", let next = peek(1), Self.startsIdentifier(next) {
                index += 1
                skipIdentifier()
                emit(.attribute, from: start)
                return
            }
            if character.isASCII, character.isNumber {
                lexNumber()
                return
            }
            if Self.startsIdentifier(character) {
                skipIdentifier()
                emit(kind(ofWord: String(characters[start..<index]), at: start), from: start)
                return
            }
            if character == "`" {
                // A backticked name (`default`) is a name, whatever it spells.
                index += 1
                while index < characters.count, characters[index] != "`" { index += 1 }
                index = min(index + 1, characters.count)
                emit(.plain, from: start)
                return
            }
            if character == "$" {
                index += 1  // `$0`, `$context`: names
                while index < characters.count, Self.continuesIdentifier(characters[index]) { index += 1 }
                emit(.plain, from: start)
                return
            }
            if case .interpolation(let parentheses)? = open.last {
                if character == "(" {
                    open[open.count - 1] = .interpolation(parentheses: parentheses + 1)
                } else if character == ")" {
                    if parentheses == 0 {
                        index += 1
                        open.removeLast()
                        emit(.interpolation, from: start)
                        return
                    }
                    open[open.count - 1] = .interpolation(parentheses: parentheses - 1)
                }
            }
            index += 1
            emit(.plain, from: start)
        }

        private func kind(ofWord word: String, at start: Int) -> Kind {
            if SwiftTokenizer.keywords.contains(word) {
                // `.default`, `.open`: a member named like a keyword; `for:`, `in:`: an argument label.
                let afterDot = start > 0 && characters[start - 1] == "."
                if afterDot, !SwiftTokenizer.memberKeywords.contains(word) { return .plain }
                if !afterDot, peek(0) == ":", word != "default" { return .plain }
                return .keyword
            }
            return characters[start].isUppercase ? .type : .plain
        }

        private mutating func lexNumber() {
            let start = index
            let isHex = peek(0) == "0" && (peek(1) == "x" || peek(1) == "X")
            index += 1
            while index < characters.count {
                let character = characters[index]
                if Self.continuesIdentifier(character) {
                    index += 1
                } else if character == ".", let next = peek(1), next.isASCII, next.isNumber {
                    index += 2  // a decimal point; `1...3` is a range
                } else if character == "+" || character == "-", index > 0, case let previous = characters[index - 1],
                          isHex ? "pP".contains(previous) : "eE".contains(previous),
                          let next = peek(1), next.isASCII, next.isNumber {
                    index += 2  // an exponent's sign
                } else {
                    break
                }
            }
            emit(.number, from: start)
        }

        /// `#/…/#`: an extended regex literal, coloured as a string; it ends on its own line here.
        private mutating func lexRegex(hashes: Int) {
            let start = index
            index += hashes + 1
            let closing = Array("/" + String(repeating: "#", count: hashes))
            while index < characters.count {
                if characters[index] == "\\" {
                    index += 2
                    continue
                }
                if matches(closing, at: index) {
                    index += closing.count
                    break
                }
                index += 1
            }
            index = min(index, characters.count)
            emit(.string, from: start)
        }

        // MARK: Strings and comments

        private mutating func lexString(hashes: Int, multiline: Bool) {
            let start = index
            let quote = Array(multiline ? "\"\"\"" : "\"") + Array(repeating: Character("#"), count: hashes)
            while index < characters.count {
                let character = characters[index]
                if character == "\\", hashesFollow(hashes, at: index + 1) {
                    let escaped = index + 1 + hashes
                    if escaped < characters.count, characters[escaped] == "(" {
                        emit(.string, from: start)
                        let boundary = index
                        index = escaped + 1
                        open.append(.interpolation(parentheses: 0))
                        emit(.interpolation, from: boundary)
                        return
                    }
                    index = min(escaped + 1, characters.count)  // `\"`, `\\`, `\n`: the next one never ends it
                    continue
                }
                if character == "\"", matches(quote, at: index) {
                    index += quote.count
                    open.removeLast()
                    emit(.string, from: start)
                    return
                }
                index += 1
            }
            emit(.string, from: start)
        }

        private mutating func lexBlockComment() {
            guard case .blockComment(var depth, let doc)? = open.last else { return }
            let start = index
            let kind: Kind = doc ? .docComment : .comment
            while index < characters.count {
                if characters[index] == "*", peek(1) == "/" {
                    index += 2
                    depth -= 1
                    if depth == 0 {
                        open.removeLast()
                        emit(kind, from: start)
                        return
                    }
                } else if characters[index] == "/", peek(1) == "*" {
                    index += 2
                    depth += 1
                } else {
                    index += 1
                }
            }
            open[open.count - 1] = .blockComment(depth: depth, doc: doc)
            emit(kind, from: start)
        }

        // MARK: Helpers

        private func peek(_ offset: Int) -> Character? {
            let position = index + offset
            return position < characters.count ? characters[position] : nil
        }

        private func matches(_ sequence: [Character], at position: Int) -> Bool {
            guard position + sequence.count <= characters.count else { return false }
            return characters[position..<position + sequence.count].elementsEqual(sequence)
        }

        private func hashesFollow(_ count: Int, at position: Int) -> Bool {
            count == 0 || matches(Array(repeating: "#", count: count), at: position)
        }

        private mutating func skipIdentifier() {
            while index < characters.count, Self.continuesIdentifier(characters[index]) { index += 1 }
        }

        private static func startsIdentifier(_ character: Character) -> Bool {
            character == "_" || character.isLetter
        }

        private static func continuesIdentifier(_ character: Character) -> Bool {
            character == "_" || character.isLetter || character.isNumber
        }

        /// Appends `characters[start..<index]` as `kind`, joining it to the previous token of that kind.
        private mutating func emit(_ kind: Kind, from start: Int) {
            guard index > start else { return }
            let text = String(characters[start..<index])
            if let last = tokens.indices.last, tokens[last].kind == kind {
                tokens[last].text += text
            } else {
                tokens.append(Token(kind, text))
            }
        }
    }
}

/// What the metrics read from one Swift file: which lines hold code, and that code with comments
/// removed and string literals emptied, so a word inside a comment or a string never counts.
///
/// A line holds code when anything but whitespace is left once comments (`//`, `///`, nested
/// `/* */`) are removed; a line inside a multi-line string literal is code. Regex literals are
/// read as code (none of the measured files has one).
public struct ScannedSwift: Sendable, Equatable {
    /// Every line of the file, comments removed and string contents dropped (the quotes stay).
    public var strippedLines: [String]
    /// For each line, whether it holds code.
    public var isCode: [Bool]

    public var codeLineCount: Int { isCode.count { $0 } }

    public init(_ text: String) {
        var scanner = Scanner(Array(text.unicodeScalars))
        scanner.run()
        strippedLines = scanner.lines
        isCode = scanner.codeFlags
    }

    /// Declarations of classes, structs, enums and actors (extensions and protocols are not types here).
    public var typeCount: Int { declarations.count { $0 != "protocol" } }
    /// Declarations of protocols.
    public var protocolCount: Int { declarations.count { $0 == "protocol" } }

    /// `@Test` attributes: one per test function (a parameterised test counts once).
    public var testCount: Int {
        strippedLines.reduce(0) { count, line in
            count + line.split(whereSeparator: { !Self.isIdentifierCharacter($0) && $0 != "@" })
                .count { $0 == "@Test" }
        }
    }

    private static let modifiers: Set<Substring> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "indirect", "nonisolated",
        "static", "private(set)", "fileprivate(set)", "internal(set)", "package(set)",
    ]
    private static let keywords: Set<Substring> = ["class", "struct", "enum", "actor", "protocol"]
    /// Words that may follow `class` without it declaring a type (`class func`, `class var`).
    private static let members: Set<Substring> = ["func", "var", "let", "subscript", "init", "deinit", "override"]

    /// The keyword of each type declaration, in order (`class`, `struct`, `enum`, `actor`, `protocol`).
    public var declarations: [String] {
        strippedLines.compactMap { line in
            var tokens = Self.tokens(dropAttributes(line))[...]
            while let first = tokens.first, Self.modifiers.contains(first) { tokens = tokens.dropFirst() }
            guard let keyword = tokens.first, Self.keywords.contains(keyword) else { return nil }
            guard let name = tokens.dropFirst().first, let initial = name.unicodeScalars.first,
                  initial == "_" || initial.properties.isAlphabetic, !Self.members.contains(name) else { return nil }
            return String(keyword)
        }
    }

    private static func tokens(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "<" || $0 == "{" })
    }

    /// The line without its leading attributes (`@MainActor`, `@available(macOS 26, *)`).
    private func dropAttributes(_ line: String) -> Substring {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        while rest.first == "@" {
            rest = rest.dropFirst().drop { Self.isIdentifierCharacter($0) }
            if rest.first == "(" {
                var depth = 0
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1; if depth == 0 { break } }
                }
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
        }
        return rest
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }
}

/// A small lexer: code, comments, and string literals (raw, multi-line, with interpolations).
private struct Scanner {
    enum Context {
        /// Code; `parens` counts open parentheses inside an interpolation, which ends at its `)`.
        case code(parens: Int, interpolation: Bool)
        case string(multiline: Bool, hashes: Int)
        case blockComment(depth: Int)
    }

    let scalars: [Unicode.Scalar]
    var index = 0
    var stack: [Context] = [.code(parens: 0, interpolation: false)]
    var lines: [String] = []
    var codeFlags: [Bool] = []
    var line = ""
    var lineHasCode = false

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func run() {
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                if case .string(multiline: false, _) = stack.last { stack.removeLast() }  // unterminated: end it
                endLine()
                index += 1
                continue
            }
            switch stack.last ?? .code(parens: 0, interpolation: false) {
            case .code(let parens, let interpolation): code(parens: parens, interpolation: interpolation)
            case .string(let multiline, let hashes): string(multiline: multiline, hashes: hashes)
            case .blockComment(let depth): blockComment(depth: depth)
            }
        }
        endLine()
    }

    private mutating func endLine() {
        lines.append(line)
        codeFlags.append(lineHasCode)
        line = ""
        lineHasCode = false
    }

    private func at(_ text: String, offset: Int = 0) -> Bool {
        var position = index + offset
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private mutating func emit(_ scalar: Unicode.Scalar) {
        line.unicodeScalars.append(scalar)
        if !scalar.properties.isWhitespace { lineHasCode = true }
    }

    private mutating func code(parens: Int, interpolation: Bool) {
        let scalar = scalars[index]
        if at("//") {
            while index < scalars.count, scalars[index] != "\n" { index += 1 }
            return
        }
        if at("/*") {
            stack.append(.blockComment(depth: 1))
            index += 2
            return
        }
        var hashes = 0
        while at("#", offset: hashes) { hashes += 1 }
        if at("\"", offset: hashes) {
            let multiline = at("\"\"\"", offset: hashes)
            index += hashes + (multiline ? 3 : 1)
            emit("\"")
            stack.append(.string(multiline: multiline, hashes: hashes))
            return
        }
        if interpolation, scalar == "(" {
            stack[stack.count - 1] = .code(parens: parens + 1, interpolation: true)
        } else if interpolation, scalar == ")" {
            if parens == 0 {
                stack.removeLast()
                index += 1
                return
            }
            stack[stack.count - 1] = .code(parens: parens - 1, interpolation: true)
        }
        emit(scalar)
        index += 1
    }

    private mutating func string(multiline: Bool, hashes: Int) {
        let delimiters = String(repeating: "#", count: hashes)
        if at("\\" + delimiters) {
            index += 1 + hashes
            lineHasCode = true
            if index < scalars.count, scalars[index] == "(" {
                index += 1
                stack.append(.code(parens: 0, interpolation: true))
            } else if index < scalars.count, scalars[index] != "\n" {
                index += 1  // an escaped character
            }
            return
        }
        let closing = (multiline ? "\"\"\"" : "\"") + delimiters
        if at(closing) {
            index += closing.unicodeScalars.count
            emit("\"")
            stack.removeLast()
            return
        }
        if !scalars[index].properties.isWhitespace { lineHasCode = true }
        index += 1
    }

    private mutating func blockComment(depth: Int) {
        if at("/*") {
            stack[stack.count - 1] = .blockComment(depth: depth + 1)
            index += 2
        } else if at("*/") {
            stack[stack.count - 1] = .blockComment(depth: depth - 1)
            if depth == 1 { stack.removeLast() }
            index += 2
        } else {
            index += 1
        }
    }
}

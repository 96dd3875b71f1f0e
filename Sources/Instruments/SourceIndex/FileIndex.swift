#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the build-time indexer learnt of one file by parsing it with swift-syntax: its imports,
/// its declarations, what each line holds and how to colour it. The binary reads it and never
/// parses Swift itself.
package struct FileIndex: Sendable, Equatable, Codable {
    /// The modules the file imports (`Model`, `Testing`), in order.
    package var imports: [String]
    /// Every declaration outside function bodies, in source order (a parent before its members).
    package var declarations: [Declaration]
    /// One character a line, as `LineKind` spells it.
    var lines: String
    /// Four integers a coloured run: line (from 1), UTF-8 column (from 0), UTF-8 length,
    /// `SyntaxClass`. Runs never cross a line end; what no run covers is plain.
    var tokens: [Int]

    package init(imports: [String] = [], declarations: [Declaration] = [], lineKinds: [LineKind] = [], runs: [TokenRun] = []) {
        self.imports = imports
        self.declarations = declarations
        lines = String(lineKinds.map(\.rawValue))
        tokens = runs.flatMap { [$0.line, $0.column, $0.length, $0.syntaxClass.rawValue] }
    }

    /// What each line holds; line N is `lineKinds[N - 1]`.
    package var lineKinds: [LineKind] {
        lines.map { LineKind(rawValue: $0) ?? .code }
    }

    /// How many lines are of `kind`.
    package func count(of kind: LineKind) -> Int {
        lines.count { $0 == kind.rawValue }
    }

    /// The coloured runs, in order.
    package var runs: [TokenRun] {
        stride(from: 0, to: tokens.count - 3, by: 4).map { start in
            TokenRun(line: tokens[start], column: tokens[start + 1], length: tokens[start + 2],
                     syntaxClass: SyntaxClass(rawValue: tokens[start + 3]) ?? .plain)
        }
    }

    /// The declarations of `kind`.
    package func declarations(_ kinds: Set<DeclarationKind>) -> [Declaration] {
        declarations.filter { kinds.contains($0.kind) }
    }

    /// The declaration a member belongs to.
    package func parent(of declaration: Declaration) -> Declaration? {
        declaration.parent.map { declarations[$0] }
    }

    /// Decodes the index the generator embedded as JSON; an empty index when it cannot be read.
    package init(json: Data) {
        self = (try? JSONDecoder().decode(FileIndex.self, from: json)) ?? FileIndex()
    }
}

/// What one line of a file holds.
package enum LineKind: Character, Sendable, CaseIterable {
    /// Nothing but whitespace.
    case blank = " "
    /// Comments only.
    case comment = "/"
    /// Code (a line inside a multi-line string literal included).
    case code = "c"
    /// Code that is all part of `@Traced(...)` statements: instrumentation, not the pattern's code.
    case instrumentation = "t"
}

/// One run of a line's text in one syntax class.
package struct TokenRun: Sendable, Equatable {
    package var line: Int
    /// The run's start and length in UTF-8 bytes of the line as written (tabs not expanded).
    package var column: Int
    package var length: Int
    package var syntaxClass: SyntaxClass

    package init(line: Int, column: Int, length: Int, syntaxClass: SyntaxClass) {
        self.line = line
        self.column = column
        self.length = length
        self.syntaxClass = syntaxClass
    }
}

/// What the source pane colours a piece of code as.
package enum SyntaxClass: Int, Sendable, CaseIterable {
    case plain, keyword, type, string, interpolation, comment, docComment, number, attribute, directive
}

/// The kinds of declaration the index records.
package enum DeclarationKind: String, Sendable, Codable, CaseIterable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    case `func`, `var`, `let`, `case`, `typealias`, `associatedtype`, `subscript`
    /// `get`, `set`, `willSet`, `didSet` written out, a member of its property or subscript.
    case accessor
    case initializer = "init", deinitializer = "deinit"

    /// Classes, structs, enums and actors: what the metrics count as types.
    package static let types: Set<DeclarationKind> = [.class, .struct, .enum, .actor]
    /// What has a body a trace line can be in: the source pane marks the innermost of these.
    package static let blocks: Set<DeclarationKind> = [
        .class, .struct, .enum, .actor, .protocol, .extension, .func, .initializer, .deinitializer, .subscript, .accessor,
    ]
}

/// One declaration as the index records it.
package struct Declaration: Sendable, Equatable, Codable {
    package var kind: DeclarationKind
    /// The declared name; an extension's is the extended type, a property's its pattern.
    package var name: String
    /// The index in `FileIndex.declarations` of the type or extension it is a member of (an
    /// accessor's: its property or subscript).
    package var parent: Int?
    /// The first line (its attributes included) and the last, from 1.
    package var first: Int
    package var last: Int
    /// As written: `private`, `weak`, `static`, `private(set)`.
    package var modifiers: [String]
    /// The attributes' names with their `@`: `@MainActor`, `@Test`.
    package var attributes: [String]
    /// Inherited types and conformances, as written.
    package var inherited: [String]
    /// A property's declared type as written (`(any GreetingView)?`); nil when it is inferred or not a property.
    package var type: String?
    /// The type names that type mentions (`GreetingView`; `Task`, `Void`, `Never`).
    package var typeNames: [String]
    /// A property that stores a value (no getter; `willSet`/`didSet` are allowed).
    package var stored: Bool

    package init(kind: DeclarationKind, name: String, parent: Int? = nil, lines: ClosedRange<Int>, modifiers: [String] = [],
                attributes: [String] = [], inherited: [String] = [], type: String? = nil, typeNames: [String] = [],
                stored: Bool = false) {
        self.kind = kind
        self.name = name
        self.parent = parent
        first = lines.lowerBound
        last = lines.upperBound
        self.modifiers = modifiers
        self.attributes = attributes
        self.inherited = inherited
        self.type = type
        self.typeNames = typeNames
        self.stored = stored
    }

    package var lines: ClosedRange<Int> { first...max(first, last) }

    /// A stored property of an instance (not `static`, not `class`).
    package var isStoredInstanceProperty: Bool {
        (kind == .var || kind == .let) && stored && !modifiers.contains("static") && !modifiers.contains("class")
    }
}

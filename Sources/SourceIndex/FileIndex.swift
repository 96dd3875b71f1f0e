#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the build-time indexer learnt of one file by parsing it with swift-syntax: its imports,
/// its declarations, what each line holds and how to colour it. The binary reads it and never
/// parses Swift itself.
public struct FileIndex: Sendable, Equatable, Codable {
    /// The modules the file imports (`Model`, `Testing`), in order.
    public var imports: [String]
    /// Every declaration outside function bodies, in source order (a parent before its members).
    public var declarations: [Declaration]
    /// One character a line, as `LineKind` spells it.
    var lines: String
    /// Four integers a coloured run: line (from 1), UTF-8 column (from 0), UTF-8 length,
    /// `SyntaxClass`. Runs never cross a line end; what no run covers is plain.
    var tokens: [Int]

    public init(imports: [String] = [], declarations: [Declaration] = [], lineKinds: [LineKind] = [], runs: [TokenRun] = []) {
        self.imports = imports
        self.declarations = declarations
        lines = String(lineKinds.map(\.rawValue))
        tokens = runs.flatMap { [$0.line, $0.column, $0.length, $0.syntaxClass.rawValue] }
    }

    /// What each line holds; line N is `lineKinds[N - 1]`.
    public var lineKinds: [LineKind] {
        lines.map { LineKind(rawValue: $0) ?? .code }
    }

    /// How many lines are of `kind`.
    public func count(of kind: LineKind) -> Int {
        lines.count { $0 == kind.rawValue }
    }

    /// The coloured runs, in order.
    public var runs: [TokenRun] {
        stride(from: 0, to: tokens.count - 3, by: 4).map { start in
            TokenRun(line: tokens[start], column: tokens[start + 1], length: tokens[start + 2],
                     syntaxClass: SyntaxClass(rawValue: tokens[start + 3]) ?? .plain)
        }
    }

    /// The declarations of `kind`.
    public func declarations(_ kinds: Set<DeclarationKind>) -> [Declaration] {
        declarations.filter { kinds.contains($0.kind) }
    }

    /// The declaration a member belongs to.
    public func parent(of declaration: Declaration) -> Declaration? {
        declaration.parent.map { declarations[$0] }
    }

    /// Decodes the index the generator embedded as JSON; an empty index when it cannot be read.
    public init(json: Data) {
        self = (try? JSONDecoder().decode(FileIndex.self, from: json)) ?? FileIndex()
    }
}

/// What one line of a file holds.
public enum LineKind: Character, Sendable, CaseIterable {
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
public struct TokenRun: Sendable, Equatable {
    public var line: Int
    /// The run's start and length in UTF-8 bytes of the line as written (tabs not expanded).
    public var column: Int
    public var length: Int
    public var syntaxClass: SyntaxClass

    public init(line: Int, column: Int, length: Int, syntaxClass: SyntaxClass) {
        self.line = line
        self.column = column
        self.length = length
        self.syntaxClass = syntaxClass
    }
}

/// What the source pane colours a piece of code as.
public enum SyntaxClass: Int, Sendable, CaseIterable {
    case plain, keyword, type, string, interpolation, comment, docComment, number, attribute, directive
}

/// The kinds of declaration the index records.
public enum DeclarationKind: String, Sendable, Codable, CaseIterable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    case `func`, `var`, `let`, `case`, `typealias`, `associatedtype`, `subscript`
    /// `get`, `set`, `willSet`, `didSet` written out, a member of its property or subscript.
    case accessor
    case initializer = "init", deinitializer = "deinit"

    /// Classes, structs, enums and actors: what the metrics count as types.
    public static let types: Set<DeclarationKind> = [.class, .struct, .enum, .actor]
    /// What has a body a trace line can be in: the source pane marks the innermost of these.
    public static let blocks: Set<DeclarationKind> = [
        .class, .struct, .enum, .actor, .protocol, .extension, .func, .initializer, .deinitializer, .subscript, .accessor,
    ]
}

/// One declaration as the index records it.
public struct Declaration: Sendable, Equatable, Codable {
    public var kind: DeclarationKind
    /// The declared name; an extension's is the extended type, a property's its pattern.
    public var name: String
    /// The index in `FileIndex.declarations` of the type or extension it is a member of (an
    /// accessor's: its property or subscript).
    public var parent: Int?
    /// The first line (its attributes included) and the last, from 1.
    public var first: Int
    public var last: Int
    /// As written: `private`, `weak`, `static`, `private(set)`.
    public var modifiers: [String]
    /// The attributes' names with their `@`: `@MainActor`, `@Test`.
    public var attributes: [String]
    /// Inherited types and conformances, as written.
    public var inherited: [String]
    /// A property's declared type as written (`(any GreetingView)?`); nil when it is inferred or not a property.
    public var type: String?
    /// The type names that type mentions (`GreetingView`; `Task`, `Void`, `Never`).
    public var typeNames: [String]
    /// A property that stores a value (no getter; `willSet`/`didSet` are allowed).
    public var stored: Bool

    public init(kind: DeclarationKind, name: String, parent: Int? = nil, lines: ClosedRange<Int>, modifiers: [String] = [],
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

    public var lines: ClosedRange<Int> { first...max(first, last) }

    /// A stored property of an instance (not `static`, not `class`).
    public var isStoredInstanceProperty: Bool {
        (kind == .var || kind == .let) && stored && !modifiers.contains("static") && !modifiers.contains("class")
    }
}

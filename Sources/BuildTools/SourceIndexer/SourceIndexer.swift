import SourceIndex
import SwiftParser
import SwiftSyntax

/// Parses one file with swift-syntax and works out its index.
struct SourceIndexer {
    private let tree: SourceFileSyntax
    /// The UTF-8 offset where each line starts.
    private let lineStarts: [Int]
    private let length: Int

    init(text: String) {
        tree = Parser.parse(source: text)
        var starts = [0]
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            if byte == UInt8(ascii: "\n") { starts.append(offset) }
        }
        // A final line break ends the last line; it does not start another.
        if starts.count > 1, starts.last == offset { starts.removeLast() }
        lineStarts = starts
        length = offset
    }

    /// The line (from 1) of a UTF-8 offset.
    private func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    func index() -> FileIndex {
        let collector = DeclarationCollector(line: line(of:))
        collector.walk(tree)
        let traceStatements = collector.traceStatements

        var hasCode = Array(repeating: false, count: lineStarts.count + 1)
        var hasCodeOutsideTrace = hasCode
        var hasComment = hasCode
        var runs: [(start: Int, end: Int, code: SyntaxClass)] = []

        func comment(_ piece: TriviaPiece) -> SyntaxClass? {
            switch piece {
            case .lineComment, .blockComment: .comment
            case .docLineComment, .docBlockComment: .docComment
            default: nil
            }
        }
        func trivia(_ pieces: Trivia, from start: Int) {
            var offset = start
            for piece in pieces {
                let end = offset + piece.sourceLength.utf8Length
                if let code = comment(piece) {
                    runs.append((offset, end, code))
                    for number in line(of: offset)...line(of: max(offset, end - 1)) { hasComment[number] = true }
                }
                offset = end
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            trivia(token.leadingTrivia, from: token.position.utf8Offset)
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = token.endPositionBeforeTrailingTrivia.utf8Offset
            if end > start {
                let inTrace = traceStatements.contains { $0.contains(start) }
                for number in line(of: start)...line(of: end - 1) {
                    hasCode[number] = true
                    if !inTrace { hasCodeOutsideTrace[number] = true }
                }
                if let code = Self.syntaxClass(of: token) { runs.append((start, end, code)) }
            }
            trivia(token.trailingTrivia, from: end)
        }

        let lineKinds = (1...lineStarts.count).map { number -> LineKind in
            if hasCode[number] { return hasCodeOutsideTrace[number] ? .code : .instrumentation }
            return hasComment[number] ? .comment : .blank
        }
        var tokenRuns: [TokenRun] = []
        // Runs split at line ends, adjacent runs of one class merged: the pane draws a line at a time.
        var previous: (line: Int, column: Int, length: Int, code: Int)?
        func flush() {
            if let run = previous {
                tokenRuns.append(TokenRun(line: run.line, column: run.column, length: run.length,
                                          syntaxClass: SyntaxClass(rawValue: run.code) ?? .plain))
            }
            previous = nil
        }
        for run in runs {
            for number in line(of: run.start)...line(of: run.end - 1) {
                let lineEnd = number < lineStarts.count ? lineStarts[number] - 1 : length
                let start = max(run.start, lineStarts[number - 1]), end = min(run.end, lineEnd)
                guard end > start else { continue }
                let column = start - lineStarts[number - 1]
                if let last = previous, last.line == number, last.code == run.code.rawValue, last.column + last.length == column {
                    previous?.length += end - start
                } else {
                    flush()
                    previous = (number, column, end - start, run.code.rawValue)
                }
            }
        }
        flush()
        return FileIndex(imports: collector.imports, declarations: collector.declarations, lineKinds: lineKinds, runs: tokenRuns)
    }

    private static func syntaxClass(of token: TokenSyntax) -> SyntaxClass? {
        switch token.tokenKind {
        case .keyword:
            if token.parent?.is(AttributeSyntax.self) == true { return .attribute }
            return .keyword
        case .identifier(let name):
            if let parent = token.parent, parent.is(AttributeSyntax.self) || parent.parent?.is(AttributeSyntax.self) == true {
                return .attribute
            }
            if token.parent?.is(MacroExpansionExprSyntax.self) == true || token.parent?.is(MacroExpansionDeclSyntax.self) == true {
                return .directive
            }
            return name.first?.isUppercase == true ? .type : nil
        case .atSign:
            return .attribute
        case .stringSegment, .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter,
             .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
            return .string
        case .backslash:
            return .interpolation
        case .leftParen, .rightParen:
            return token.parent?.is(ExpressionSegmentSyntax.self) == true ? .interpolation : nil
        case .integerLiteral, .floatLiteral:
            return .number
        case .pound, .poundIf, .poundElse, .poundElseif, .poundEndif, .poundSourceLocation:
            return .directive
        default:
            return nil
        }
    }
}

/// Collects the declarations (not those inside function bodies), the imports and the `@Traced(...)`
/// statements of a file.
final class DeclarationCollector: SyntaxVisitor {
    private(set) var declarations: [Declaration] = []
    private(set) var imports: [String] = []
    /// The UTF-8 ranges of the statements that are a `@Traced(...)` declaration.
    private(set) var traceStatements: [Range<Int>] = []
    private var parents: [Int] = []
    private let line: (Int) -> Int

    init(line: @escaping (Int) -> Int) {
        self.line = line
        super.init(viewMode: .sourceAccurate)
    }

    private func add(_ kind: String, _ name: String, _ node: some SyntaxProtocol, modifiers: DeclModifierListSyntax?,
                     attributes: AttributeListSyntax?, inherited: InheritanceClauseSyntax? = nil,
                     type: TypeSyntax? = nil, stored: Bool = false) -> Int {
        let first = line(node.positionAfterSkippingLeadingTrivia.utf8Offset)
        let last = line(max(node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset - 1))
        declarations.append(Declaration(
            kind: DeclarationKind(rawValue: kind) ?? .func, name: name, parent: parents.last, lines: first...max(first, last),
            modifiers: modifiers?.map(\.trimmedDescription) ?? [],
            attributes: attributes?.compactMap { $0.as(AttributeSyntax.self).map { "@" + $0.attributeName.trimmedDescription } } ?? [],
            inherited: inherited?.inheritedTypes.map(\.type.trimmedDescription) ?? [],
            type: type?.trimmedDescription,
            typeNames: type.map { Self.typeNames(in: $0) } ?? [],
            stored: stored))
        return declarations.count - 1
    }

    /// The type names a type mentions: `[Listing]` → `Listing`, `(any GreetingView)?` → `GreetingView`.
    private static func typeNames(in type: TypeSyntax) -> [String] {
        type.tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        }
    }

    private func open(_ kind: String, _ name: String, _ node: some SyntaxProtocol, modifiers: DeclModifierListSyntax,
                      attributes: AttributeListSyntax, inherited: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
        parents.append(add(kind, name, node, modifiers: modifiers, attributes: attributes, inherited: inherited))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        open("class", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes, inherited: node.inheritanceClause)
    }
    override func visitPost(_ node: ClassDeclSyntax) { parents.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        open("struct", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes, inherited: node.inheritanceClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { parents.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        open("enum", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes, inherited: node.inheritanceClause)
    }
    override func visitPost(_ node: EnumDeclSyntax) { parents.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        open("actor", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes, inherited: node.inheritanceClause)
    }
    override func visitPost(_ node: ActorDeclSyntax) { parents.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        open("protocol", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes, inherited: node.inheritanceClause)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { parents.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        open("extension", node.extendedType.trimmedDescription, node, modifiers: node.modifiers, attributes: node.attributes,
             inherited: node.inheritanceClause)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { parents.removeLast() }

    // Members with bodies: recorded, their bodies only searched for trace statements.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = add("func", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes)
        node.body.map(findTraceStatements)
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = add("init", "init", node, modifiers: node.modifiers, attributes: node.attributes)
        node.body.map(findTraceStatements)
        return .skipChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = add("deinit", "deinit", node, modifiers: node.modifiers, attributes: node.attributes)
        node.body.map(findTraceStatements)
        return .skipChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        let subscriptIndex = add("subscript", "subscript", node, modifiers: node.modifiers, attributes: node.attributes)
        addAccessors(node.accessorBlock, of: subscriptIndex)
        node.accessorBlock.map(findTraceStatements)
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            let stored: Bool
            switch binding.accessorBlock?.accessors {
            case nil: stored = true
            case .getter?: stored = false
            case .accessors(let accessors)?:
                stored = accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
            }
            let property = add(node.bindingSpecifier.text, binding.pattern.trimmedDescription, node, modifiers: node.modifiers,
                               attributes: node.attributes, type: binding.typeAnnotation?.type, stored: stored)
            addAccessors(binding.accessorBlock, of: property)
        }
        findTraceStatements(in: node)
        return .skipChildren
    }

    /// `get`, `set`, `willSet`, `didSet` written out: the source pane marks the one a trace line is in.
    private func addAccessors(_ block: AccessorBlockSyntax?, of owner: Int) {
        guard case .accessors(let accessors)? = block?.accessors else { return }
        parents.append(owner)
        for accessor in accessors {
            _ = add("accessor", accessor.accessorSpecifier.text, accessor, modifiers: nil, attributes: accessor.attributes)
        }
        parents.removeLast()
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements {
            _ = add("case", element.name.text, node, modifiers: node.modifiers, attributes: node.attributes)
        }
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = add("typealias", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes)
        return .skipChildren
    }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = add("associatedtype", node.name.text, node, modifiers: node.modifiers, attributes: node.attributes)
        return .skipChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        imports.append(node.path.map(\.name.text).joined(separator: "."))
        return .skipChildren
    }

    // Top-level code (main.swift) may trace too.
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        if Self.isTraceStatement(node) { traceStatements.append(Self.range(of: node)) }
        return .visitChildren
    }

    private func findTraceStatements(in node: some SyntaxProtocol) {
        let finder = TraceStatementFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        traceStatements += finder.statements
    }

    static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// `@Traced(.role, self, "…") var call` as a statement of its own: instrumentation, not the
    /// pattern's code.
    static func isTraceStatement(_ item: CodeBlockItemSyntax) -> Bool {
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return false }
        return variable.attributes.contains { element in
            element.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "Traced"
        }
    }
}

/// Finds the `@Traced(...)` statements inside a body (closures included).
final class TraceStatementFinder: SyntaxVisitor {
    private(set) var statements: [Range<Int>] = []

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        if DeclarationCollector.isTraceStatement(node) {
            statements.append(DeclarationCollector.range(of: node))
            return .skipChildren
        }
        return .visitChildren
    }
}

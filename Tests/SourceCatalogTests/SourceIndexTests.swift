import SourceCatalog
import SourceIndex
import SwiftParser
import SwiftSyntax
import Testing

/// The index the build embedded, checked by hand on a fixture and against swift-syntax itself on
/// real pattern files: the parser runs here, in the test, and the binary only reads the result.
@Suite("Source index")
struct SourceIndexTests {
    static func fixture() throws -> (SourceFile, FileIndex) {
        let file = try #require(SourceCatalog.file(path: "Tests/Fixtures/Index/IndexFixture.swift"))
        return (file, file.index)
    }

    @Test("the fixture's lines, counted by hand: blank, comment, code, and the trace calls apart")
    func lineKinds() throws {
        let (file, index) = try Self.fixture()
        #expect(index.lineKinds.count == file.lines.count - 1, "the final line break makes no line")
        let spelled = String(index.lineKinds.map(\.rawValue))
        #expect(spelled == "/cc /cccc ccccccccc c ctttccc //cc ccc c")
        #expect(index.count(of: .code) == 26 && index.count(of: .instrumentation) == 3)
        #expect(index.count(of: .comment) == 4 && index.count(of: .blank) == 7)
        #expect(index.lineKinds[17] == .code, "a one-line didSet around a trace call is code: its braces are")
        #expect(index.lineKinds[25] == .instrumentation, "the second line of a two-line trace call")
        #expect(index.imports == ["Model", "Tracing"])
    }

    @Test("the fixture's declarations, counted by hand: kinds, names, parents, lines, modifiers, attributes, types")
    func declarations() throws {
        let (_, index) = try Self.fixture()
        let summary = index.declarations.map { "\($0.kind.rawValue) \($0.name) \($0.first)-\($0.last) ^\($0.parent.map(String.init) ?? "-")" }
        #expect(summary == [
            "protocol Greeter 6-9 ^-", "func greet 8-8 ^0", "class Presenter 11-34 ^-",
            "var view 13-13 ^2", "let shared 14-14 ^2", "var names 15-15 ^2", "var count 16-16 ^2", "var label 17-19 ^2",
            "accessor didSet 18-18 ^7", "init init 21-21 ^2", "func greet 23-29 ^2",
            "enum Mode 33-33 ^2", "case on 33-33 ^11", "case off 33-33 ^11",
            "extension Presenter 36-38 ^-", "typealias Name 37-37 ^14", "func example 40-40 ^-",
        ])
        let byName = Dictionary(index.declarations.map { ($0.kind.rawValue + " " + $0.name, $0) }, uniquingKeysWith: { $1 })
        let presenter = try #require(byName["class Presenter"])
        #expect(presenter.attributes == ["@MainActor"] && presenter.modifiers == ["final"])
        #expect(presenter.inherited == ["Greeter", "Sendable"])
        let view = try #require(byName["var view"])
        #expect(view.modifiers == ["private", "weak"] && view.type == "(any Greeter)?" && view.typeNames == ["Greeter"])
        #expect(view.isStoredInstanceProperty)
        #expect(byName["let shared"]?.isStoredInstanceProperty == false, "static")
        #expect(byName["var names"]?.modifiers == ["lazy"] && byName["var names"]?.typeNames == ["String"])
        #expect(byName["var count"]?.stored == false && byName["var label"]?.stored == true, "a getter stores nothing; didSet does")
        #expect(byName["func example"]?.attributes == ["@Test"])
        #expect(byName["enum Mode"]?.inherited == ["Int"])
    }

    @Test("the fixture's colours: keywords, types, strings, comments, numbers, attributes, interpolation")
    func runs() throws {
        let (file, index) = try Self.fixture()
        func classes(ofLine number: Int) -> [(String, SyntaxClass)] {
            let line = Array(file.lines[number - 1].utf8)
            return index.runs.filter { $0.line == number }.map {
                (String(decoding: line[$0.column..<$0.column + $0.length], as: UTF8.self), $0.syntaxClass)
            }
        }
        #expect(classes(ofLine: 5).map(\.1) == [.docComment])
        #expect(classes(ofLine: 11).map(\.0) == ["@MainActor"] && classes(ofLine: 11).map(\.1) == [.attribute])
        let line27 = classes(ofLine: 27)
        #expect(line27.first.map { $0 == ("let", .keyword) } == true)
        #expect(line27.contains { $0 == ("\"/* not a comment */ ", .string) }, "a comment inside a string is string")
        #expect(line27.contains { $0 == ("\\(", .interpolation) })
        #expect(classes(ofLine: 28).last.map { $0 == ("// a comment after code", .comment) } == true)
        #expect(classes(ofLine: 33).contains { $0 == ("1", .number) } && classes(ofLine: 33).contains { $0 == ("Int", .type) })
        #expect(classes(ofLine: 31).map(\.1) == [.comment] && classes(ofLine: 32).map(\.1) == [.comment], "a block comment, a line at a time")
    }

    /// Counts by swift-syntax directly, as the test reads a file.
    final class Counter: SyntaxVisitor {
        var types: [String] = []
        var protocols: [String] = []
        var functions: [String] = []
        var tests = 0
        var storedTypedProperties: [String] = []
        var traceLines: Set<Int> = []
        let converter: SourceLocationConverter

        init(_ tree: SourceFileSyntax, path: String) {
            converter = SourceLocationConverter(fileName: path, tree: tree)
            super.init(viewMode: .sourceAccurate)
            walk(tree)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            protocols.append(node.name.text)
            return .visitChildren
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            functions.append(node.name.text)
            if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }) { tests += 1 }
            return .visitChildren
        }
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
            for binding in node.bindings where isMember && binding.typeAnnotation != nil && binding.accessorBlock == nil {
                storedTypedProperties.append(binding.pattern.trimmedDescription)
            }
            let isTraced = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Traced" }
            if isTraced, node.parent?.is(CodeBlockItemSyntax.self) == true {
                let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
                let last = converter.location(for: node.endPositionBeforeTrailingTrivia).line
                traceLines.formUnion(first...last)
            }
            return .visitChildren
        }
    }

    @Test("two real pattern files: the index agrees with swift-syntax run here", arguments: [
        "Sources/Patterns/MVP/Greeting/GreetingPresenter.swift",
        "Sources/Patterns/VIPER/Greeting/GreetingInteractor.swift",
        "Tests/Fixtures/Index/IndexFixture.swift",
    ])
    func agreesWithSwiftSyntax(path: String) throws {
        let file = try #require(SourceCatalog.file(path: path))
        let index = file.index
        let counter = Counter(Parser.parse(source: file.text), path: path)
        #expect(index.declarations(DeclarationKind.types).map(\.name) == counter.types)
        #expect(index.declarations([.protocol]).map(\.name) == counter.protocols)
        #expect(index.declarations([.func]).map(\.name) == counter.functions, "no function is declared inside another here")
        #expect(index.declarations([.func]).count { $0.attributes.contains("@Test") } == counter.tests)
        #expect(index.declarations([.var, .let]).filter { $0.stored && $0.type != nil && $0.parent != nil }.map(\.name)
                == counter.storedTypedProperties)
        let instrumentation = Set(index.lineKinds.enumerated().filter { $0.element == .instrumentation }.map { $0.offset + 1 })
        #expect(instrumentation.isSubset(of: counter.traceLines))
        #expect(!counter.traceLines.isEmpty && instrumentation.count >= counter.traceLines.count - 1,
                "every @Traced line is instrumentation but a line it shares with other code")
    }
}

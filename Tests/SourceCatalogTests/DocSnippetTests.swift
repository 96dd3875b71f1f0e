import Foundation
import SourceCatalog
import SwiftParser
import SwiftSyntax
import Testing

/// The Swift snippets in the pattern pages must be code that would compile against ours: a call that
/// makes one of our types names an initialiser that exists, argument for argument, and an
/// assignment `a.name = b` sets a property some type of ours declares. (An assembly snippet missing
/// an argument once went unnoticed; backticked names alone did not catch it.) Both sides are read
/// with swift-syntax: the snippets from the docs, the declarations from the sources the build embeds.
@Suite("Docs: the pattern pages' snippets match the code")
struct DocSnippetTests {
    static let documents = ["README.md", "docs/architecture.md"] + ["mvc", "mvp", "mvvm", "viper"].map { "docs/patterns/\($0).md" }

    @Test("every initialiser a snippet calls exists with those argument labels, every property it sets exists",
          arguments: documents)
    func snippetsMatchTheCode(document: String) throws {
        let text = try String(contentsOf: DocReferenceTests.root.appendingPathComponent(document), encoding: .utf8)
        let problems = DocSnippets.snippets(in: text).flatMap { DocSnippets.problems(in: $0, against: .ours) }
        #expect(problems.isEmpty, "\(document): \(problems.joined(separator: "; "))")
    }

    @Test("a snippet missing an argument, with a wrong label or setting no such property is caught")
    func catchesStaleSnippets() {
        let stale = """
            Assembly:
            ```swift
            let source = ResponseSource(service: .rent)
            let other = ResponseSource(service: .rent, api: "rent.list")
            let fine = ResponseSource(service: .rent, method: "rent.list")
            view.presenterr = presenter
            view.presenter = presenter
            ```
            """
        let problems = DocSnippets.snippets(in: stale).flatMap { DocSnippets.problems(in: $0, against: .ours) }
        #expect(problems == [
            "ResponseSource(service:) matches no initialiser (it has init(service:method:))",
            "ResponseSource(service:api:) matches no initialiser (it has init(service:method:))",
            "`.presenterr =` sets a property no type declares",
        ])
    }
}

/// Reads Swift snippets out of Markdown and checks them against the declarations of our sources.
enum DocSnippets {
    /// The bodies of the ```swift blocks.
    static func snippets(in markdown: String) -> [String] {
        markdown.matches(of: #/```swift\n([\s\S]*?)```/#).map { String($0.output.1) }
    }

    /// What a snippet names that the code does not have.
    static func problems(in snippet: String, against declarations: Declarations) -> [String] {
        let visitor = SnippetVisitor(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: snippet))
        var problems: [String] = []
        for call in visitor.calls {
            guard let initialisers = declarations.initialisers[call.type] else { continue }
            let labels = call.labels.map { ($0 ?? "_") + ":" }.joined()
            if !initialisers.contains(where: { $0.accepts(call.labels) }) {
                let known = initialisers.map { "init(" + $0.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")" }
                problems.append("\(call.type)(\(labels)) matches no initialiser (it has \(known.sorted().joined(separator: ", ")))")
            }
        }
        for property in visitor.assignedMembers where !declarations.properties.contains(property) {
            problems.append("`.\(property) =` sets a property no type declares")
        }
        return problems
    }

    /// One initialiser's parameters: label (nil for `_`) and whether it has a default.
    struct Initialiser {
        var parameters: [(label: String?, hasDefault: Bool)]

        /// True when a call with `labels` can call it: every parameter is passed in order or defaulted.
        func accepts(_ labels: [String?]) -> Bool {
            var remaining = labels[...]
            for parameter in parameters {
                if let next = remaining.first, next == parameter.label {
                    remaining = remaining.dropFirst()
                } else if !parameter.hasDefault {
                    return false
                }
            }
            return remaining.isEmpty
        }
    }

    /// Our types' initialisers (a type with none declared takes `()` or its memberwise labels) and
    /// every property name declared anywhere in the sources.
    struct Declarations {
        var initialisers: [String: [Initialiser]] = [:]
        var properties: Set<String> = []

        static let ours: Declarations = {
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            for file in SourceCatalog.files where file.path.hasPrefix("Sources/") && file.path.hasSuffix(".swift") {
                collector.walk(Parser.parse(source: file.text))
            }
            var declarations = Declarations(properties: collector.properties)
            for type in collector.types {
                let explicit = collector.initialisers[type] ?? []
                // No initialiser of its own: `()` (a class, or a struct whose properties all have
                // values) or, for a struct, its stored properties' labels in order.
                let implicit = [Initialiser(parameters: [])]
                    + (collector.storedProperties[type].map { [Initialiser(parameters: $0.map { ($0.name, $0.hasDefault) })] } ?? [])
                declarations.initialisers[type] = explicit.isEmpty ? implicit : explicit
            }
            return declarations
        }()
    }

    /// Collects types, their initialisers, structs' stored properties and every property name.
    final class DeclarationCollector: SyntaxVisitor {
        var types: Set<String> = []
        var initialisers: [String: [Initialiser]] = [:]
        var storedProperties: [String: [(name: String, hasDefault: Bool)]] = [:]
        var properties: Set<String> = []
        private var typeStack: [String] = []

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            storedProperties[node.name.text, default: []] = []
            return enter(node.name.text)
        }
        override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            typeStack.append(node.extendedType.trimmedDescription)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let type = typeStack.last else { return .skipChildren }
            let parameters = node.signature.parameterClause.parameters.map { parameter in
                (label: parameter.firstName.text == "_" ? nil : parameter.firstName.text, hasDefault: parameter.defaultValue != nil)
            }
            initialisers[type, default: []].append(Initialiser(parameters: parameters))
            return .skipChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let isStatic = node.modifiers.contains { $0.name.text == "static" }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                properties.insert(name)
                // A stored property of a struct takes part in its memberwise initialiser.
                if !isStatic, binding.accessorBlock == nil, let type = typeStack.last, storedProperties[type] != nil,
                   !(node.bindingSpecifier.text == "let" && binding.initializer != nil) {
                    storedProperties[type]?.append((name, binding.initializer != nil))
                }
            }
            return .skipChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.insert(name)
            typeStack.append(name)
            return .visitChildren
        }
    }

    /// The calls `Type(label: …)` and the assignments `x.name = …` of a snippet.
    final class SnippetVisitor: SyntaxVisitor {
        var calls: [(type: String, labels: [String?])] = []
        var assignedMembers: [String] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isUppercase == true,
               node.trailingClosure == nil {
                calls.append((name, node.arguments.map { $0.label?.text }))
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if node.operator.is(AssignmentExprSyntax.self), let member = node.leftOperand.as(MemberAccessExprSyntax.self) {
                assignedMembers.append(member.declName.baseName.text)
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            // An unfolded `a.b = c` (the parser leaves operators unfolded): the member before `=`.
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where element.is(AssignmentExprSyntax.self) && index > 0 {
                if let member = elements[index - 1].as(MemberAccessExprSyntax.self) {
                    assignedMembers.append(member.declName.baseName.text)
                }
            }
            return .visitChildren
        }
    }
}

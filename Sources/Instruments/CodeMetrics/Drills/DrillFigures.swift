import PatternVocabulary
import SourceCatalog
import SourceIndex

/// How a change touched one pattern, after the scenario-based evaluation methods (ALMA): a
/// local change stays in one role, a non-local one reaches several, an architectural one changes
/// how roles talk (a protocol at a role boundary).
package enum ChangeClass: String, Sendable, Codable {
    case none = "none"
    case local = "local"
    case nonLocal = "non-local"
    case architectural = "architectural"
}

/// One drill's figures in one pattern, all counted from the patch and the embedded index.
package struct DrillFigures: Sendable, Equatable {
    package var drill: String
    package var pattern: PatternID
    /// Files of the pattern's patch (sources and tests).
    package var files: Int
    /// Source lines the pattern's patch adds and removes (tests counted apart).
    package var added: Int
    package var removed: Int
    /// `@Test` functions the pattern's patch adds.
    package var testsAdded: Int
    /// Files of the pattern's unit tests the patch changes or adds.
    package var testFiles: Int
    /// The roles whose source files the patch changes, in `RoleTable.countedRoles` order.
    package var touched: [Role]
    /// The roles a reader would expect (request.md).
    package var expected: [Role]
    /// The expected roles and every role that holds one of them (the pattern's role graph).
    package var predicted: [Role]
    /// Roles touched beyond the prediction.
    package var rippled: [Role] { touched.filter { !predicted.contains($0) } }
    package var changeClass: ChangeClass
    /// The protocols at role boundaries the change edits (why it is architectural).
    package var protocols: [String]

    /// The figures of `drill` in `pattern`, reading roles from `RoleTable` and declarations from `files`.
    /// `graph` is the pattern's `RoleGraph` over `files`, when the caller has made it already.
    package init(drill: ChangeDrill, pattern: PatternID, files sources: [SourceFile] = SourceCatalog.files, graph: RoleGraph? = nil) {
        let patch = drill.patches[pattern] ?? []
        self.drill = drill.name
        self.pattern = pattern
        files = patch.count
        let code = patch.filter { $0.path.hasPrefix(pattern.sourceFolder) }
        let tests = patch.filter { $0.path.hasPrefix(pattern.testFolder) }
        added = code.reduce(0) { $0 + $1.added }
        removed = code.reduce(0) { $0 + $1.removed }
        testFiles = tests.count
        let testLines = tests.flatMap(\.hunks)
        let testsAddedLines: [String] = testLines.flatMap { $0.added }
        let testsRemovedLines: [String] = testLines.flatMap { $0.removed }
        testsAdded = testsAddedLines.filter { $0.contains("@Test") }.count - testsRemovedLines.filter { $0.contains("@Test") }.count
        let roles = Set(code.compactMap { RoleTable.role(of: Self.stem($0.path), in: pattern) })
        touched = RoleTable.countedRoles.filter(roles.contains)
        let expected = drill.expected[pattern] ?? []
        self.expected = expected
        let graph = graph ?? RoleGraph(pattern: pattern, files: sources)
        let holders = Set(expected.flatMap { graph.holders(of: $0) })
        predicted = RoleTable.countedRoles.filter { expected.contains($0) || holders.contains($0) }

        var protocols: [String] = []
        for file in code {
            if file.isNew {
                protocols += file.hunks.flatMap(\.added).compactMap(Self.declaredProtocol)
            } else if let source = sources.first(where: { $0.path == file.path }), source.isIndexed {
                protocols += Self.changedProtocols(file, index: source.index)
                protocols += file.hunks.flatMap(\.added).compactMap(Self.declaredProtocol)
            }
        }
        self.protocols = Array(Set(protocols)).sorted()
        changeClass = if touched.isEmpty { .none } else if !self.protocols.isEmpty { .architectural }
            else if touched.count == 1 { .local } else { .nonLocal }
    }

    /// The protocols whose requirements `file`'s change edits: a removed line inside one, or a new
    /// line added inside one. An initializer requirement is assembly (who is made with what), not how
    /// the roles talk, and comments and blank lines say nothing: neither counts.
    static func changedProtocols(_ file: PatchedFile, index: FileIndex) -> [String] {
        let declarations = index.declarations
        func protocolAround(_ line: Int) -> Declaration? {
            guard let (position, found) = declarations.enumerated().first(where: { _, declaration in
                declaration.kind == .protocol && declaration.first < line && line <= declaration.last
            }) else { return nil }
            let inInitializer = declarations.contains { declaration in
                declaration.kind == .initializer && declaration.parent == position && declaration.lines.contains(line)
            }
            return inInitializer ? nil : found
        }
        func meaningful(_ text: String) -> Bool {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            return !trimmed.isEmpty && !trimmed.hasPrefix("//") && !trimmed.hasPrefix("init(") && trimmed != "}"
        }
        var names: [String] = []
        for hunk in file.hunks {
            for (line, text) in zip(hunk.removedLines, hunk.removed) where meaningful(text) {
                if let found = protocolAround(line) { names.append(found.name) }
            }
            for (point, text) in zip(hunk.insertionPoints, hunk.added) where meaningful(text) {
                // Inserted after `point`: inside a protocol when the line after it is inside one too.
                if let found = protocolAround(point + 1), found.first <= point { names.append(found.name) }
            }
        }
        return names
    }

    /// `GreetingPresenter` for `Sources/Patterns/MVP/Greeting/GreetingPresenter.swift`.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".swift") ? String(name.dropLast(".swift".count)) : name
    }

    /// The name a line declares as a protocol (`protocol GreetingView: AnyObject {` → `GreetingView`).
    static func declaredProtocol(_ line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" })
        guard let index = words.firstIndex(of: "protocol"), index + 1 < words.count else { return nil }
        guard words[..<index].allSatisfy({ ["package", "public", "internal", "private", "fileprivate", "@MainActor"].contains($0) })
        else { return nil }
        return String(words[index + 1])
    }
}

/// Which roles of a pattern hold which: role A holds role B when a stored property or a conformance
/// in A's files names a type or protocol declared in B's files. What a change to B may ripple into.
package struct RoleGraph: Sendable, Equatable {
    package var pattern: PatternID
    /// For each role, the roles it holds.
    package var edges: [Role: Set<Role>]

    package init(pattern: PatternID, files: [SourceFile] = SourceCatalog.files) {
        self.pattern = pattern
        // Each index decoded once: decoding is most of what a graph costs.
        let placed: [(role: Role, declarations: [Declaration])] = files
            .filter { $0.path.hasPrefix(pattern.sourceFolder) && $0.isIndexed }
            .compactMap { file in
                RoleTable.role(of: DrillFigures.stem(file.path), in: pattern).map { ($0, file.index.declarations) }
            }
        var owner: [String: Role] = [:]
        for (role, declarations) in placed {
            for declaration in declarations
            where DeclarationKind.types.contains(declaration.kind) || declaration.kind == .protocol {
                owner[declaration.name] = role
            }
        }
        var edges: [Role: Set<Role>] = [:]
        for (role, declarations) in placed {
            for declaration in declarations {
                let named = declaration.stored ? declaration.typeNames + declaration.inherited : declaration.inherited
                for name in named {
                    if let held = owner[name], held != role { edges[role, default: []].insert(held) }
                }
            }
        }
        self.edges = edges
    }

    /// The roles that hold `role`.
    package func holders(of role: Role) -> [Role] {
        RoleTable.countedRoles.filter { edges[$0]?.contains(role) ?? false }
    }
}

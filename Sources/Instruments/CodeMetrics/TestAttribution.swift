import PatternVocabulary
import SourceCatalog
import SourceIndex

/// The role and file that declare one of a pattern's types or protocols.
struct TypeOwner: Sendable {
    var role: Role
    var path: String
    /// A class or actor: a role object a test can exercise (protocols, structs and enums are not).
    var isRoleObject: Bool
}

/// Gives each unit test that ran to the role of the object it exercises: the pattern's class it
/// makes (`GreetingPresenter(view: spy, …)`), looked for in the test's body, then in its suite (a
/// helper such as `makePresenter()`), then in its file. When several are made, the subject is the
/// last statement's, and on one line the outer call's: dependencies are made before, or inside,
/// what they are given to. Failing that, the first of the pattern's classes the test names (a
/// controller reached through its builder), then the type its file is named after. Only classes
/// are role objects: protocols have spies standing in for them, structs and enums are the data
/// passed around, and a builder is how a test gets its subject (it counts only when nothing else
/// is named). The names come from the index's colouring runs, so comments and strings do not count.
struct TestAttribution {
    /// Tests and their code lines per role.
    var byRole: [Role: (tests: Int, lines: Int)] = [:]
    /// The pattern's test files, each with the tests that ran in it and the role most of them went to.
    var files: [MeasuredFile] = []
    /// Source files a test that imports no view exercises.
    var viewFreeTestedPaths: Set<String> = []
    /// Source files with a type that a test importing no view names in its body:
    /// how a file of plain data (`ListingsData`) or a builder is covered, having no object to make.
    var viewFreeNamedPaths: Set<String> = []
    /// Code lines of the test files outside the tests that ran.
    var supportLines = 0
    /// Ran tests found in no test file, or exercising nothing of the pattern.
    var unattributed: [String] = []
    /// The tests that ran, by the pattern's type each exercises.
    var byType: [String: [TestPlace]] = [:]

    init(pattern: PatternID, files all: [SourceFile], ranTests: [TestsRun.RanTest], owners: [String: TypeOwner]) {
        let module = "\(pattern.rawValue)Tests"
        var pending = Set(ranTests.filter { $0.module == module }.map { Key(suite: $0.suiteName, function: $0.function) })
        for file in all where file.path.hasPrefix(pattern.testFolder) && file.name.hasSuffix(".swift") {
            let index = file.index
            let kinds = index.lineKinds
            let typeNames = TypeNames(file: file, index: index)
            let importsViews = index.imports.contains("ScreenViews")
            var votes: [Role: Int] = [:]
            var testLines = 0
            var count = 0
            for test in index.declarations([.func]) where test.attributes.contains("@Test") {
                let suite = index.parent(of: test)
                guard pending.remove(Key(suite: suite?.name ?? "", function: test.name)) != nil else { continue }
                count += 1
                let lines = test.lines.count { $0 <= kinds.count && kinds[$0 - 1] == .code }
                testLines += lines
                let scopes = [test.lines] + (suite.map { [$0.lines] } ?? []) + [1...max(1, kinds.count)]
                let exercised = scopes.lazy.compactMap { typeNames.lastMade(in: $0, of: owners) }.first
                    ?? scopes.lazy.compactMap { typeNames.firstNamed(in: $0, of: owners) }.first
                let role = exercised.map { owners[$0]!.role }
                    ?? RoleTable.testedStem(ofTestFile: file.name, in: pattern).flatMap { RoleTable.role(of: $0, in: pattern) }
                guard let role else {
                    unattributed.append("\(file.path): \(suite.map { $0.name + "/" } ?? "")\(test.name)() exercises no type of \(pattern.rawValue)")
                    continue
                }
                votes[role, default: 0] += 1
                if let exercised {
                    byType[exercised, default: []].append(TestPlace(path: file.path, fileID: file.fileID, suite: suite?.name,
                                                                    function: test.name, lines: test.lines))
                }
                byRole[role, default: (0, 0)].tests += 1
                byRole[role, default: (0, 0)].lines += lines
                if !importsViews {
                    if let exercised, let owner = owners[exercised] { viewFreeTestedPaths.insert(owner.path) }
                    viewFreeNamedPaths.formUnion(typeNames.named(in: test.lines).compactMap { owners[$0]?.path })
                }
            }
            let codeLines = index.count(of: .code)
            supportLines += codeLines - testLines
            let role = votes.max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }?.key
            files.append(MeasuredFile(
                path: file.path, role: role, codeLines: codeLines, instrumentationLines: index.count(of: .instrumentation),
                types: index.declarations(DeclarationKind.types).count, protocols: index.declarations([.protocol]).count,
                boundaries: 0, tests: count, importsViews: importsViews, hasViewFreeTests: false))
        }
        unattributed += pending.sorted { ($0.suite, $0.function) < ($1.suite, $1.function) }
            .map { "\(module).\($0.suite)/\($0.function)() ran but is in no file of \(pattern.testFolder)" }
    }

    private struct Key: Hashable {
        var suite: String
        var function: String
    }
}

/// Where a unit test is: its file and its declaration's lines.
package struct TestPlace: Sendable, Hashable {
    /// The test file's repository path, `Tests/MVPTests/MVPGreetingPresenterTests.swift`.
    package var path: String
    /// `MVPTests/MVPGreetingPresenterTests.swift`, as the source pane looks files up.
    package var fileID: String
    /// The suite type the test is declared in, if any, and the test function's name.
    package var suite: String?
    package var function: String
    /// The test's lines, its `@Test` attribute first.
    package var lines: ClosedRange<Int>
}

/// The type names a file's colouring runs mark, by line, in order, each with whether it is called
/// (`Name(`: an instance made).
private struct TypeNames {
    private var byLine: [Int: [(name: String, isMade: Bool)]] = [:]

    init(file: SourceFile, index: FileIndex) {
        let lines = file.lines
        for run in index.runs where run.syntaxClass == .type && run.line <= lines.count {
            let bytes = Array(lines[run.line - 1].utf8)
            guard run.column >= 0, run.column + run.length <= bytes.count else { continue }
            let end = run.column + run.length
            let isMade = end < bytes.count && bytes[end] == UInt8(ascii: "(")
            byLine[run.line, default: []].append((String(decoding: bytes[run.column..<end], as: UTF8.self), isMade))
        }
    }

    /// The pattern's class, builders aside, that the last line making one makes first.
    func lastMade(in lines: ClosedRange<Int>, of owners: [String: TypeOwner]) -> String? {
        for line in lines.reversed() {
            if let made = classes(on: line, of: owners).first(where: { $0.isMade && owners[$0.name]?.role != .builder }) {
                return made.name
            }
        }
        return nil
    }

    /// Every type name in `lines`.
    func named(in lines: ClosedRange<Int>) -> [String] {
        lines.flatMap { byLine[$0]?.map(\.name) ?? [] }
    }

    /// The first of the pattern's classes that `lines` name, a builder only if nothing else.
    func firstNamed(in lines: ClosedRange<Int>, of owners: [String: TypeOwner]) -> String? {
        let named = lines.flatMap { classes(on: $0, of: owners) }
        return (named.first { owners[$0.name]?.role != .builder } ?? named.first)?.name
    }

    private func classes(on line: Int, of owners: [String: TypeOwner]) -> [(name: String, isMade: Bool)] {
        (byLine[line] ?? []).filter { owners[$0.name]?.isRoleObject == true }
    }
}

import PatternVocabulary
import SourceCatalog
import SourceIndex

/// What one role of one pattern holds: its code, and the unit tests written for it.
package struct RoleMetrics: Sendable, Equatable, Codable {
    package var role: Role
    /// Source files placed in the role.
    package var files: Int = 0
    /// Non-blank lines that are not only comment and not only instrumentation.
    package var codeLines: Int = 0
    /// Lines that are all `@Traced(...)` statements: counted apart, never as code.
    package var instrumentationLines: Int = 0
    /// Classes, structs, enums and actors declared.
    package var types: Int = 0
    package var protocols: Int = 0
    /// Stored properties through which the role talks to another role by a protocol (`RoleBoundary`).
    package var boundaries: Int = 0
    /// `@Test` functions in the test files of the role's types.
    package var tests: Int = 0
    /// Code lines of those test files.
    package var testLines: Int = 0

    package init(role: Role) {
        self.role = role
    }
}

/// One source file as the metrics counted it.
package struct MeasuredFile: Sendable, Equatable, Codable {
    package var path: String
    /// Nil when the role table places no rule on it (reported, and a failing test).
    package var role: Role?
    package var codeLines: Int
    package var instrumentationLines: Int
    package var types: Int
    package var protocols: Int
    package var boundaries: Int
    package var tests: Int
    /// Test files: does it import `ScreenViews`, the screens' real views?
    package var importsViews: Bool
    /// Source files: the code lines sit in a file with a view-free unit-test file of its own.
    package var hasViewFreeTests: Bool
}

/// The measurements of one pattern: its module under `Sources/Patterns/<P>/` and its unit tests
/// under `Tests/<P>Tests/`. The code every pattern shares (model, network, reformers, the
/// screens' views, the mediator) is the same for all four and is not counted.
package struct PatternMetrics: Sendable, Equatable {
    package var pattern: PatternID
    /// The unit tests that ran, by the pattern's type each exercises (`TestAttribution`).
    package var testsByType: [String: [TestPlace]] = [:]
    /// Every role that has code or tests, in `RoleTable.countedRoles` order.
    package var roles: [RoleMetrics]
    package var sourceFiles: [MeasuredFile]
    package var testFiles: [MeasuredFile]
    /// Every role boundary of the pattern's code, in file order.
    package var boundaries: [RoleBoundary]

    /// The sum over the roles.
    package var total: RoleMetrics {
        roles.reduce(into: RoleMetrics(role: .builder)) { sum, role in
            sum.files += role.files
            sum.codeLines += role.codeLines
            sum.instrumentationLines += role.instrumentationLines
            sum.types += role.types
            sum.protocols += role.protocols
            sum.boundaries += role.boundaries
            sum.tests += role.tests
            sum.testLines += role.testLines
        }
    }

    /// Code lines of the pattern's test files outside the tests that ran: harnesses, spies, fakes,
    /// helpers shared by the suites.
    package var testSupportLines: Int
    /// Tests that ran but could not be attributed: found in no test file of the pattern, or
    /// exercising no type of it (reported with the unplaced files, and a failing test).
    package var unattributedTests: [String]

    /// Source files the role table cannot place and tests no role can be given: they would
    /// otherwise go uncounted.
    package var unplaced: [String] {
        sourceFiles.filter { $0.role == nil }.map(\.path) + unattributedTests
    }

    /// Measures `pattern` in `files` (normally `SourceCatalog.files`), counting as unit tests the
    /// `ranTests` (normally the tests of the last recorded run, `TestsRun.all`): a test that did
    /// not run is not counted, whatever its file says.
    package init(pattern: PatternID, files: [SourceFile], ranTests: [TestsRun.RanTest] = TestsRun.all) {
        self.pattern = pattern
        var byRole: [Role: RoleMetrics] = [:]

        let sourceFiles = files.filter { $0.path.hasPrefix(pattern.sourceFolder) && $0.name.hasSuffix(".swift") }
            .map { (file: $0, index: $0.index, role: RoleTable.role(of: String($0.name.dropLast(".swift".count)), in: pattern)) }
        // Every type and protocol the pattern declares, with the role and file that declare it.
        var owners: [String: TypeOwner] = [:]
        var protocolRoles: [String: Role] = [:]
        for source in sourceFiles {
            guard let role = source.role else { continue }
            for declaration in source.index.declarations(DeclarationKind.types.union([.protocol])) {
                owners[declaration.name] = TypeOwner(role: role, path: source.file.path, isRoleObject: declaration.kind == .class || declaration.kind == .actor)
                if declaration.kind == .protocol { protocolRoles[declaration.name] = role }
            }
        }

        let tested = TestAttribution(pattern: pattern, files: files, ranTests: ranTests, owners: owners)
        testsByType = tested.byType
        for (role, counts) in tested.byRole {
            byRole[role, default: RoleMetrics(role: role)].tests += counts.tests
            byRole[role, default: RoleMetrics(role: role)].testLines += counts.lines
        }

        var sources: [MeasuredFile] = []
        var boundaries: [RoleBoundary] = []
        for source in sourceFiles {
            let counts = Counts(source.index)
            let role = source.role
            let found = role.map { RoleBoundary.find(in: source.index, path: source.file.path, role: $0, protocolRoles: protocolRoles) } ?? []
            boundaries += found
            sources.append(MeasuredFile(
                path: source.file.path, role: role, codeLines: counts.codeLines,
                instrumentationLines: counts.instrumentationLines, types: counts.types, protocols: counts.protocols,
                boundaries: found.count, tests: 0, importsViews: false,
                hasViewFreeTests: tested.viewFreeTestedPaths.contains(source.file.path)
                    || (!source.index.declarations.contains { $0.kind == .class || $0.kind == .actor }
                        && tested.viewFreeNamedPaths.contains(source.file.path))))
            if let role {
                byRole[role, default: RoleMetrics(role: role)].files += 1
                byRole[role, default: RoleMetrics(role: role)].codeLines += counts.codeLines
                byRole[role, default: RoleMetrics(role: role)].instrumentationLines += counts.instrumentationLines
                byRole[role, default: RoleMetrics(role: role)].types += counts.types
                byRole[role, default: RoleMetrics(role: role)].protocols += counts.protocols
                byRole[role, default: RoleMetrics(role: role)].boundaries += found.count
            }
        }

        roles = RoleTable.countedRoles.compactMap { byRole[$0] }
        self.sourceFiles = sources
        testFiles = tested.files
        testSupportLines = tested.supportLines
        unattributedTests = tested.unattributed
        self.boundaries = boundaries
    }

    /// The figures of one file, read from its index.
    private struct Counts {
        var codeLines: Int
        var instrumentationLines: Int
        var types: Int
        var protocols: Int

        init(_ index: FileIndex) {
            codeLines = index.count(of: .code)
            instrumentationLines = index.count(of: .instrumentation)
            types = index.declarations(DeclarationKind.types).count
            protocols = index.declarations([.protocol]).count
        }
    }

    /// Code lines written for one feature: the files of its folders (`Greeting/`; `Listings/` and
    /// `ListingDetail/`), or for `nil` the files both use (the pattern's registration, MVVM's binding).
    package func codeLines(for feature: Feature?) -> Int {
        sum(\.codeLines, for: feature)
    }

    /// A figure summed over the placed source files of one feature (`nil`: the files both use).
    package func sum(_ figure: KeyPath<MeasuredFile, Int>, for feature: Feature?) -> Int {
        sourceFiles.filter { Feature(path: $0.path, in: pattern) == feature && $0.role != nil }
            .reduce(0) { $0 + $1[keyPath: figure] }
    }

    /// Code lines of the placed files that declare protocols and no type: the interfaces between
    /// roles that the pattern prescribes.
    package var protocolOnlyLines: Int {
        sourceFiles.filter { $0.role != nil && $0.protocols > 0 && $0.types == 0 }.reduce(0) { $0 + $1.codeLines }
    }

    package func role(_ role: Role) -> RoleMetrics? {
        roles.first { $0.role == role }
    }
}

/// The two features every pattern builds, by the folder their files sit in.
package enum Feature: String, CaseIterable, Sendable {
    case greeting
    case listings

    /// The feature of a file at `path` in `pattern`'s module, or nil for a file both features use.
    package init?(path: String, in pattern: PatternID) {
        guard path.hasPrefix(pattern.sourceFolder) else { return nil }
        let inside = path.dropFirst(pattern.sourceFolder.count).split(separator: "/")
        guard inside.count > 1, let folder = inside.first else { return nil }
        switch folder {
        case "Greeting": self = .greeting
        case "Listings", "ListingDetail": self = .listings
        default: return nil
        }
    }
}

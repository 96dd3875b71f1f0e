import PatternVocabulary
import SourceCatalog

/// What one role of one pattern holds: its code, and the unit tests written for it.
public struct RoleMetrics: Sendable, Equatable, Codable {
    public var role: Role
    /// Source files placed in the role.
    public var files: Int = 0
    /// Non-blank lines that are not only comment.
    public var codeLines: Int = 0
    /// Classes, structs, enums and actors declared.
    public var types: Int = 0
    public var protocols: Int = 0
    /// `@Test` functions in the test files of the role's types.
    public var tests: Int = 0
    /// Code lines of those test files.
    public var testLines: Int = 0

    public init(role: Role) {
        self.role = role
    }
}

/// One source file as the metrics counted it.
public struct MeasuredFile: Sendable, Equatable, Codable {
    public var path: String
    /// Nil when the role table places no rule on it (reported, and a failing test).
    public var role: Role?
    public var codeLines: Int
    public var types: Int
    public var protocols: Int
    public var tests: Int
    /// Test files: does it import `ScreenViews`, the screens' real views?
    public var importsViews: Bool
    /// Source files: the code lines sit in a file with a view-free unit-test file of its own.
    public var hasViewFreeTests: Bool
}

/// The measurements of one pattern: its module under `Sources/Patterns/<P>/` and its unit tests
/// under `Tests/<P>Tests/`. The code every pattern shares (model, network, reformers, the
/// screens' views, the mediator) is the same for all four and is not counted.
public struct PatternMetrics: Sendable, Equatable {
    public var pattern: PatternID
    /// Every role that has code or tests, in `RoleTable.countedRoles` order.
    public var roles: [RoleMetrics]
    public var sourceFiles: [MeasuredFile]
    public var testFiles: [MeasuredFile]

    /// The sum over the roles.
    public var total: RoleMetrics {
        roles.reduce(into: RoleMetrics(role: .builder)) { sum, role in
            sum.files += role.files
            sum.codeLines += role.codeLines
            sum.types += role.types
            sum.protocols += role.protocols
            sum.tests += role.tests
            sum.testLines += role.testLines
        }
    }

    /// Code lines of the test files without tests (harnesses, spies, fakes shared by the suites).
    public var testSupportLines: Int {
        testFiles.filter { $0.tests == 0 }.reduce(0) { $0 + $1.codeLines }
    }

    /// Files the role table cannot place: they would otherwise go uncounted.
    public var unplaced: [String] {
        (sourceFiles + testFiles).filter { $0.role == nil && !($0.tests == 0 && $0.path.hasPrefix("Tests/")) }.map(\.path)
    }

    /// Measures `pattern` in `files` (normally `SourceCatalog.files`).
    public init(pattern: PatternID, files: [SourceFile]) {
        self.pattern = pattern
        var byRole: [Role: RoleMetrics] = [:]

        var tests: [MeasuredFile] = []
        var testedStems: Set<String> = []
        for file in files where file.path.hasPrefix(pattern.testFolder) && file.name.hasSuffix(".swift") {
            let scanned = ScannedSwift(file.text)
            let stem = RoleTable.testedStem(ofTestFile: file.name, in: pattern)
            let role = stem.flatMap { RoleTable.role(of: $0, in: pattern) }
            let importsViews = scanned.strippedLines.contains { $0.hasPrefix("import ScreenViews") || $0.hasPrefix("@testable import ScreenViews") }
            let measured = MeasuredFile(
                path: file.path, role: scanned.testCount > 0 ? role : nil, codeLines: scanned.codeLineCount,
                types: scanned.typeCount, protocols: scanned.protocolCount, tests: scanned.testCount,
                importsViews: importsViews, hasViewFreeTests: false)
            tests.append(measured)
            if let role = measured.role {
                byRole[role, default: RoleMetrics(role: role)].tests += measured.tests
                byRole[role, default: RoleMetrics(role: role)].testLines += measured.codeLines
                if !importsViews, let stem { testedStems.insert(stem) }
            }
        }

        var sources: [MeasuredFile] = []
        for file in files where file.path.hasPrefix(pattern.sourceFolder) && file.name.hasSuffix(".swift") {
            let scanned = ScannedSwift(file.text)
            let stem = String(file.name.dropLast(".swift".count))
            let role = RoleTable.role(of: stem, in: pattern)
            sources.append(MeasuredFile(
                path: file.path, role: role, codeLines: scanned.codeLineCount, types: scanned.typeCount,
                protocols: scanned.protocolCount, tests: scanned.testCount, importsViews: false,
                hasViewFreeTests: testedStems.contains(stem)))
            if let role {
                byRole[role, default: RoleMetrics(role: role)].files += 1
                byRole[role, default: RoleMetrics(role: role)].codeLines += scanned.codeLineCount
                byRole[role, default: RoleMetrics(role: role)].types += scanned.typeCount
                byRole[role, default: RoleMetrics(role: role)].protocols += scanned.protocolCount
            }
        }

        roles = RoleTable.countedRoles.compactMap { byRole[$0] }
        sourceFiles = sources
        testFiles = tests
    }

    /// Code lines written for one feature: the files of its folders (`Greeting/`; `Listings/` and
    /// `ListingDetail/`), or for `nil` the files both use (the pattern's registration, MVVM's binding).
    public func codeLines(for feature: Feature?) -> Int {
        sourceFiles.filter { Feature(path: $0.path, in: pattern) == feature && $0.role != nil }
            .reduce(0) { $0 + $1.codeLines }
    }

    public func role(_ role: Role) -> RoleMetrics? {
        roles.first { $0.role == role }
    }
}

/// The two features every pattern builds, by the folder their files sit in.
public enum Feature: String, CaseIterable, Sendable {
    case greeting
    case listings

    /// The feature of a file at `path` in `pattern`'s module, or nil for a file both features use.
    public init?(path: String, in pattern: PatternID) {
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

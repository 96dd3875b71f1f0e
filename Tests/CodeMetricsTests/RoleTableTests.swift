import CodeMetrics
import Foundation
import PatternVocabulary
import SourceCatalog
import Testing

/// The role table against the real sources: every file placed, every rule used, and the counts
/// checked against a second, naive reading of the same files.
@Suite("Role table and metrics of the real sources")
struct RoleTableTests {
    let report = MetricsReport.current

    @Test("every file of a pattern module, and every unit-test file with tests, is placed in a role")
    func everyFilePlaced() {
        #expect(report.unplaced.isEmpty, """
            the role table places no rule on \(report.unplaced): add a rule to RoleTable (a new role suffix) \
            or name the test file <PATTERN><Type>Tests.swift
            """)
        for pattern in PatternID.allCases {
            let sources = SourceCatalog.files.filter { $0.path.hasPrefix(pattern.sourceFolder) }
            #expect(!sources.isEmpty, "\(pattern.sourceFolder) is empty: the catalogue or the folder moved")
            let measured = report.patterns.first { $0.pattern == pattern }
            #expect(measured?.sourceFiles.map(\.path) == sources.map(\.path), "every source file is measured")
        }
    }

    @Test("every rule places at least one real file, so the table holds no dead or mistyped suffix")
    func everyRuleUsed() {
        for pattern in PatternID.allCases {
            let stems = SourceCatalog.files.compactMap { file -> String? in
                if file.path.hasPrefix(pattern.sourceFolder) { return String(file.name.dropLast(".swift".count)) }
                if file.path.hasPrefix(pattern.testFolder) { return RoleTable.testedStem(ofTestFile: file.name, in: pattern) }
                return nil
            }
            for rule in RoleTable.rules(for: pattern) {
                #expect(stems.contains { RoleTable.rule(for: $0, in: pattern) == rule },
                        "\(pattern.rawValue)'s rule \(rule.suffix) → \(rule.role.rawValue) places no file")
            }
        }
    }

    @Test("every role a rule names is a counted role, so no file's lines are dropped from the tables")
    func everyRuleRoleCounted() {
        for pattern in PatternID.allCases {
            for rule in RoleTable.rules(for: pattern) {
                #expect(RoleTable.countedRoles.contains(rule.role),
                        "\(pattern.rawValue)'s rule \(rule.suffix) → \(rule.role.rawValue): that role is not in countedRoles")
            }
        }
        #expect(Set(RoleTable.countedRoles).count == RoleTable.countedRoles.count, "each role listed once")
    }

    @Test("the same name plays different roles: the view controller is MVC's controller and everyone else's view")
    func suffixMeansDifferentRoles() {
        #expect(RoleTable.role(of: "GreetingViewController", in: .mvc) == .controller)
        for pattern in [PatternID.mvp, .mvvm, .viper] {
            #expect(RoleTable.role(of: "GreetingViewController", in: pattern) == .view)
        }
        #expect(RoleTable.role(of: "GreetingView", in: .viper) == .view)
        #expect(RoleTable.role(of: "GreetingViewEventHandler", in: .viper) == .presenter, "longest suffix first")
        #expect(RoleTable.role(of: "GreetingInteractorOutput", in: .viper) == .presenter)
        #expect(RoleTable.role(of: "ListingsViewModelProtocol", in: .mvvm) == .viewModel)
        #expect(RoleTable.testedStem(ofTestFile: "MVPGreetingPresenterTests.swift", in: .mvp) == "GreetingPresenter")
        #expect(RoleTable.testedStem(ofTestFile: "MVPGreetingPresenterTests.swift", in: .mvc) == nil)
        #expect(RoleTable.testedStem(ofTestFile: "MVCHarness.swift", in: .mvc) == nil)
    }

    @Test("the tests counted are the @Test lines a plain search finds; the totals are the sums of the files")
    func countsAgreeWithANaiveReading() {
        for metrics in report.patterns {
            let testFiles = SourceCatalog.files.filter { $0.path.hasPrefix(metrics.pattern.testFolder) }
            let naive = testFiles.reduce(0) { count, file in
                count + file.lines.count { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
            }
            #expect(metrics.total.tests == naive, "\(metrics.pattern.rawValue): \(metrics.total.tests) counted, \(naive) found")
            #expect(metrics.total.codeLines == metrics.sourceFiles.reduce(0) { $0 + $1.codeLines })
            #expect(metrics.total.files == metrics.sourceFiles.count)
            #expect(metrics.codeLines(for: .greeting) + metrics.codeLines(for: .listings) + metrics.codeLines(for: nil)
                    == metrics.total.codeLines, "every code line belongs to a feature or to both")
            #expect(metrics.codeLines(for: .greeting) > 0 && metrics.codeLines(for: .listings) > 0)
            let sources = SourceCatalog.files.filter { $0.path.hasPrefix(metrics.pattern.sourceFolder) }
            let nonBlank = sources.reduce(0) { count, file in
                count + file.lines.count { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            }
            let commentOnly = sources.reduce(0) { count, file in
                count + file.lines.count { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            }
            #expect(metrics.total.codeLines <= nonBlank - commentOnly && metrics.total.codeLines > (nonBlank - commentOnly) * 9 / 10,
                    "code lines are the non-blank lines less comments: \(metrics.total.codeLines) of \(nonBlank - commentOnly)")
        }
    }

    @Test("MVC's controller is tested only through its views, so MVC scores no view-free testability")
    func mvcTestedThroughViews() throws {
        let mvc = try #require(report.patterns.first { $0.pattern == .mvc })
        let controllerTests = mvc.testFiles.filter { $0.role == .controller }
        #expect(!controllerTests.isEmpty && controllerTests.allSatisfy(\.importsViews))
        let mvp = try #require(report.patterns.first { $0.pattern == .mvp })
        #expect(mvp.testFiles.filter { $0.role == .presenter }.allSatisfy { !$0.importsViews })
    }

    @Test("text output: no line wider than asked; every section there; the same text on every call")
    func textLayout() {
        for width in [60, 80, 118] {
            let lines = report.lines(width: width)
            #expect(lines.allSatisfy { $0.text.count <= width }, "a line is wider than \(width)")
        }
        let text = report.text()
        for heading in ["MVC ·", "MVP ·", "MVVM ·", "VIPER ·", "Distribution", "Testability", "Ease of use"] {
            #expect(text.contains(heading))
        }
        #expect(report.text() == MetricsReport(files: SourceCatalog.files).text())
    }

    @Test("JSON: decodes; its totals are the report's")
    func json() throws {
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        let patterns = try #require(object?["patterns"] as? [[String: Any]])
        #expect(patterns.count == 4)
        for (decoded, metrics) in zip(patterns, report.patterns) {
            let total = try #require(decoded["total"] as? [String: Any])
            #expect(decoded["pattern"] as? String == metrics.pattern.rawValue)
            #expect(total["codeLines"] as? Int == metrics.total.codeLines)
            #expect(total["tests"] as? Int == metrics.total.tests)
        }
        let criteria = try #require(object?["criteria"] as? [[String: Any]])
        #expect(criteria.map { $0["criterion"] as? String } == ["distribution", "testability", "easeOfUse"])
    }
}

/// `docs/comparison.md` is written by `make docs` from `mvx metrics --format markdown`; it must be
/// what the code produces now.
@Suite("Generated comparison is fresh")
struct ComparisonFreshnessTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/comparison.md")

    @Test("docs/comparison.md holds today's metrics (`make docs` rewrites it)")
    func fresh() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(text.contains("mvx metrics --format markdown"), "the doc names the command it comes from")
        let marker = "<!-- generated: mvx metrics --format markdown -->\n"
        let body = try #require(text.range(of: marker).map { String(text[$0.upperBound...]) },
                                "docs/comparison.md has no \(marker)")
        let now = MetricsReport.current.markdown() + "\n"
        #expect(body == now, """
            docs/comparison.md is stale: every edit under Sources/Patterns or Tests/<P>Tests changes the metrics. \
            Run `make docs` and commit docs/comparison.md.
            """)
    }
}

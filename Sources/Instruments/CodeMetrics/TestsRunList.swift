/// The pattern and acceptance tests as the test runner reported them when they last ran (`make docs`
/// records them; `make test` checks the record against its own run), so the metrics count tests
/// that exist and run, not files that look like tests.
package enum TestsRun {
    /// One test function that ran: `MVPTests.MVPGreetingPresenterTests/greeting()`.
    package struct RanTest: Sendable, Hashable {
        /// The test target, e.g. `MVPTests`.
        package var module: String
        /// The suite's type, e.g. `MVPGreetingPresenterTests` (nested suites joined by dots).
        package var suite: String
        /// The function's name without its labels, e.g. `greeting`.
        package var function: String

        package init(module: String, suite: String, function: String) {
            self.module = module
            self.suite = suite
            self.function = function
        }

        /// Parses `Module.Suite/function(labels:)` (a global test: `Module/function()`); nil for anything else.
        package init?(_ identifier: String) {
            guard let test = TestsRun.parse(identifier) else { return nil }
            self = test
        }

        /// The innermost suite's name: the type the test function is declared in.
        package var suiteName: String {
            suite.split(separator: ".").last.map(String.init) ?? ""
        }
    }

    /// Every test of the last recorded run.
    package static let all: [RanTest] = recorded.compactMap(parse)

    /// Splits `Module.Suite/function(labels:)` or `Module/function()`; nil for anything else.
    static func parse(_ identifier: String) -> RanTest? {
        guard let slash = identifier.firstIndex(of: "/") else { return nil }
        let path = identifier[..<slash]
        let dot = path.firstIndex(of: ".") ?? path.endIndex
        let function = identifier[identifier.index(after: slash)...].prefix { $0 != "(" }
        guard !function.isEmpty, dot > path.startIndex else { return nil }
        let suite = dot == path.endIndex ? "" : String(path[path.index(after: dot)...])
        return RanTest(module: String(path[..<dot]), suite: suite, function: String(function))
    }

    /// The acceptance tests that ran: one spec, run against all four patterns, so counted once.
    package static var acceptance: [RanTest] {
        all.filter { $0.module == "AcceptanceTests" }
    }
}

/// The pattern and acceptance tests as the test runner reported them when they last ran (`make docs`
/// records them; `make test` checks the record against its own run), so the metrics count tests
/// that exist and run, not files that look like tests.
public enum TestsRun {
    /// One test function that ran: `MVPTests.MVPGreetingPresenterTests/greeting()`.
    public struct RanTest: Sendable, Hashable {
        /// The test target, e.g. `MVPTests`.
        public var module: String
        /// The suite's type, e.g. `MVPGreetingPresenterTests` (nested suites joined by dots).
        public var suite: String
        /// The function's name without its labels, e.g. `greeting`.
        public var function: String
    }

    /// Every test of the last recorded run.
    public static let all: [RanTest] = recorded.compactMap(parse)

    /// Splits `Module.Suite/function(labels:)`; nil for anything else.
    static func parse(_ identifier: String) -> RanTest? {
        guard let slash = identifier.firstIndex(of: "/"), let dot = identifier[..<slash].firstIndex(of: ".") else {
            return nil
        }
        let function = identifier[identifier.index(after: slash)...].prefix { $0 != "(" }
        guard !function.isEmpty else { return nil }
        return RanTest(module: String(identifier[..<dot]), suite: String(identifier[identifier.index(after: dot)..<slash]),
                       function: String(function))
    }
}

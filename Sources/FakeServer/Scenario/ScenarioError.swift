/// Why a scenario option could not be parsed; `description` is the message for the command line.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was given.
    public var input: String
    /// What is wrong with it and what was expected.
    public var problem: String

    public init(input: String, problem: String) {
        self.input = input
        self.problem = problem
    }

    public var description: String { "invalid value '\(input)': \(problem)" }
}

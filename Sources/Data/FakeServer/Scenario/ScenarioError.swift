/// Why a scenario option could not be parsed; `description` is the message for the command line.
package struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was given.
    package var input: String
    /// What is wrong with it and what was expected.
    package var problem: String

    package init(input: String, problem: String) {
        self.input = input
        self.problem = problem
    }

    package var description: String { "invalid value '\(input)': \(problem)" }
}

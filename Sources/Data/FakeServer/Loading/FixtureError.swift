/// Why a fixtures directory could not be used: which file and what is wrong with it, in words a
/// user of `mvx --fixtures DIR` can act on.
package struct FixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name within the directory (`rent.json`).
    package var file: String
    /// What is wrong, e.g. `item 3: "imageUrl" must be a string`.
    package var problem: String

    package init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    package var description: String { "\(file): \(problem)" }
}

/// Why a fixtures directory could not be used: which file and what is wrong with it, in words a
/// user of `mvx --fixtures DIR` can act on.
public struct FixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name within the directory (`rent.json`).
    public var file: String
    /// What is wrong, e.g. `item 3: "imageUrl" must be a string`.
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "\(file): \(problem)" }
}

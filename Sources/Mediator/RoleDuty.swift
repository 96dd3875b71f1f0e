import PatternVocabulary

/// One role of a pattern and its duty in a line: what the help overlay lists for the active pattern.
public struct RoleDuty: Sendable, Hashable {
    public var role: Role
    /// The type that plays the role in the greeting module, e.g. `GreetingPresenter`.
    public var typeName: String
    public var duty: String

    public init(_ role: Role, _ typeName: String, _ duty: String) {
        self.role = role
        self.typeName = typeName
        self.duty = duty
    }
}

import PatternVocabulary

/// One role of a pattern and its duty in a line: what the help overlay lists for the active pattern.
package struct RoleDuty: Sendable, Hashable {
    package var role: Role
    /// The type that plays the role in the greeting module, e.g. `GreetingPresenter`.
    package var typeName: String
    package var duty: String

    package init(_ role: Role, _ typeName: String, _ duty: String) {
        self.role = role
        self.typeName = typeName
        self.duty = duty
    }
}

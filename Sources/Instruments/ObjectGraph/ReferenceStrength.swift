/// How a stored property holds the object it points to: what decides whether two objects can keep
/// each other alive. Reflection cannot tell a `weak var` from a strong optional, so the strength
/// comes from the declarations (`ReferenceStrengths`), and identities from the live objects.
package enum ReferenceStrength: String, Sendable, Hashable, CaseIterable {
    case strong
    case weak
    case unowned

    /// Whether the reference keeps its target alive.
    package var retains: Bool { self == .strong }
}

/// Answers how a type declares a stored property, by the type's qualified name
/// (`VIPER.GreetingPresenter`, as `String(reflecting:)` spells it) and the property's name.
package protocol ReferenceStrengths {
    func strength(of property: String, in qualifiedType: String) -> ReferenceStrength
}

/// Declarations given as a table, for tests and for callers that know them already.
package struct DeclaredStrengths: ReferenceStrengths, Sendable {
    private var table: [String: ReferenceStrength]

    /// `declarations` maps `"Module.Type.property"` to its strength; anything absent is strong.
    package init(_ declarations: [String: ReferenceStrength] = [:]) {
        table = declarations
    }

    package func strength(of property: String, in qualifiedType: String) -> ReferenceStrength {
        table.isEmpty ? .strong : table[qualifiedType + "." + property] ?? .strong
    }
}

/// One object reachable from the roots, as reflection found it.
package struct ObjectNode: Sendable, Equatable {
    /// The object's identity while it lives (an address may be reused once it is freed).
    package var id: ObjectIdentifier
    /// The unqualified type name (`GreetingPresenter`, `Observable<String>`).
    package var typeName: String
    /// The module the type is declared in (`VIPER`, `Model`, `Widgets`).
    package var module: String
    /// Whether the walk looked inside it (see `ObjectGraph.Scope`); an object outside the scope is
    /// a leaf: shown, counted, never opened.
    package var isExpanded: Bool
    /// Its stored references to other objects, in declaration order.
    package var references: [ObjectReference]
    /// Its stored values that are not objects, flattened to paths (`person.firstName`), summarised.
    package var values: [StoredValue]

    /// `Module.Type`, the key the declarations are looked up by.
    package var qualifiedName: String { module + "." + typeName }
}

/// A stored property that points to an object.
package struct ObjectReference: Sendable, Equatable {
    /// The property's path from its owner: `presenter`, `managers[rent]`, `children[0]`, `view?`.
    package var name: String
    /// The index of the target in `ObjectGraph.nodes`.
    package var target: Int
    package var strength: ReferenceStrength
    /// The type that declares the property (the owner's class or one of its superclasses).
    package var declaringType: String
}

/// A stored value that is not an object, as text short enough for one line.
package struct StoredValue: Sendable, Equatable {
    /// The path from its owner: `person.firstName`, `rows`, `pictureLoad`.
    package var path: String
    /// `"Ada"`, `42`, `nil`, `.service`, `20 items: "Flat A", "Flat B", …`.
    package var summary: String
    /// For a collection, how many elements it holds: diffs show `20 → 40` rather than the items.
    package var count: Int?
    /// The type that declares the property, `Module.Type` (a base class's own state, such as a
    /// view controller's appearance, can be told from the role's).
    package var declaringType: String

    /// How a summary shows text: quoted, cut to 40 characters, control characters escaped (cut
    /// first: escaping a 5,000-character paste whole for a short summary would be waste).
    package static func quoted(_ text: some StringProtocol) -> String {
        // Most text is short printable ASCII without quotes or backslashes: quoted as it is.
        var plain = true
        var count = 0
        for byte in text.utf8 {
            count += 1
            if count > 40 || byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
                plain = false
                break
            }
        }
        if plain { return "\"" + String(text) + "\"" }
        let cut = text.prefix(40)
        let escaped = String(cut).debugDescription
        return cut.endIndex < text.endIndex ? String(escaped.dropLast()) + "…\"" : escaped
    }
}

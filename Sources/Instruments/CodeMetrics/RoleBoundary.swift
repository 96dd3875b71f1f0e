import PatternVocabulary
import SourceCatalog
import SourceIndex

/// One place where a role talks to another through a protocol: a stored instance property of a
/// type in one role's file whose declared type names a protocol the same pattern module declares
/// in another role's file (MVP's presenter's `view: (any GreetingView)?`). Read from the index:
/// the property's declared type, its parent type and the protocols' files; a property whose type
/// is inferred, a concrete type or a protocol of the role itself is not a boundary.
package struct RoleBoundary: Sendable, Equatable, Codable {
    /// The file of the property.
    package var path: String
    /// `GreetingPresenter.view`.
    package var property: String
    /// The protocol it holds the other role by.
    package var protocolName: String
    package var from: Role
    package var to: Role

    package init(path: String, property: String, protocolName: String, from: Role, to: Role) {
        self.path = path
        self.property = property
        self.protocolName = protocolName
        self.from = from
        self.to = to
    }

    /// The boundaries in one file of role `role`, given the pattern's protocols and their roles.
    static func find(in index: FileIndex, path: String, role: Role, protocolRoles: [String: Role]) -> [RoleBoundary] {
        index.declarations.compactMap { declaration in
            guard declaration.isStoredInstanceProperty, let owner = index.parent(of: declaration),
                  DeclarationKind.types.contains(owner.kind) else { return nil }
            for name in declaration.typeNames {
                if let other = protocolRoles[name], other != role {
                    return RoleBoundary(path: path, property: "\(owner.name).\(declaration.name)", protocolName: name,
                                        from: role, to: other)
                }
            }
            return nil
        }
    }
}

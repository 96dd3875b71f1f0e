/// A class's stored properties as `Mirror` lists them, learned from the first object of the class
/// the walk meets: each class from the object's own up, with the property each of its mirror's
/// children stands for. The timeline reads the same few classes after every action, so the names
/// are worked out once rather than from every label of every read.
struct StoredFields {
    /// One class of the chain and its properties, in the order its mirror lists them.
    struct Level {
        var type: TypeName
        /// By the child's position: the property's name (`formView` for lazy storage), nil for machinery.
        var names: [String?]
    }

    /// The object's own class first, then each superclass.
    var levels: [Level]
    /// Whether the class makes its own mirror (`CustomReflectable`): its children are then its own
    /// to choose object by object, so they are read by their labels every time and `levels` is empty.
    var isCustom: Bool

    @MainActor private static var known: [ObjectIdentifier: StoredFields] = [:]

    /// The fields of `object`'s class, learned from `object` on first sight of the class.
    @MainActor
    static func of(_ object: AnyObject) -> StoredFields {
        let id = ObjectIdentifier(type(of: object))
        if let fields = known[id] { return fields }
        let fields = StoredFields(object)
        known[id] = fields
        return fields
    }

    @MainActor
    private init(_ object: AnyObject) {
        isCustom = object is any CustomReflectable
        levels = []
        guard !isCustom else { return }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let level = mirror {
            levels.append(Level(type: TypeName.of(level.subjectType), names: level.children.map { $0.label.flatMap(Walker.propertyName) }))
            mirror = level.superclassMirror
        }
    }
}

/// The reflection behind `ObjectGraph`: a breadth-first walk that opens each object in scope once,
/// following stored properties through optionals, structs, tuples, enums and collections.
@MainActor
struct Walker {
    let scope: ObjectGraph.Scope
    let strengths: any ReferenceStrengths
    private(set) var nodes: [ObjectNode] = []
    private(set) var handles: [WeakHandle] = []
    private var known: [ObjectIdentifier: Int] = [:]
    private var objects: [AnyObject] = []  // kept alive while the walk runs, released after
    private var next = 0

    /// How deep a struct is opened for values (`detail.price.text` is three).
    static let valueDepth = 3
    /// How many elements of a collection of objects are followed.
    static let elementLimit = 200
    /// How many characters of a string a summary keeps.
    static let textLimit = 40

    init(scope: ObjectGraph.Scope, strengths: any ReferenceStrengths) {
        self.scope = scope
        self.strengths = strengths
    }

    /// The node for `object`, made (and queued for opening when in scope) on first sight.
    mutating func node(for object: AnyObject) -> Int {
        let id = ObjectIdentifier(object)
        if let index = known[id] { return index }
        let type = TypeName(type(of: object))
        let index = nodes.count
        known[id] = index
        nodes.append(ObjectNode(id: id, typeName: type.name, module: type.module, isExpanded: scope.opens(type.module, type.name),
                                references: [], values: []))
        handles.append(WeakHandle(object: object))
        objects.append(object)
        return index
    }

    mutating func run() {
        while next < nodes.count {
            let index = next
            next += 1
            guard nodes[index].isExpanded else { continue }
            var mirror: Mirror? = Mirror(reflecting: objects[index])
            var references: [ObjectReference] = []
            var values: [StoredValue] = []
            // A subclass's mirror lists its own properties; the superclass's come from its own mirror.
            while let level = mirror {
                let declaring = TypeName(level.subjectType).lookupName
                for child in level.children {
                    guard let label = child.label.flatMap(Self.propertyName) else { continue }
                    let strength = strengths.strength(of: label, in: declaring)
                    visit(child.value, path: label, strength: strength, declaring: declaring, owner: declaring, depth: 0,
                          references: &references, values: &values)
                }
                mirror = level.superclassMirror
            }
            nodes[index].references = references
            nodes[index].values = values
        }
        objects.removeAll()
    }

    /// Records `value` at `path`: a reference when it is an object, else a summary, opening
    /// optionals, collections and (to `valueDepth`) structs to find the objects inside.
    /// `declaring` is the type that declares the property being read (a struct's own for its
    /// fields: a weak box); `owner` the type that declares the object's property it all hangs from.
    private mutating func visit(
        _ value: Any, path: String, strength: ReferenceStrength, declaring: String, owner: String, depth: Int,
        references: inout [ObjectReference], values: inout [StoredValue]
    ) {
        if let text = Self.scalar(value) {
            values.append(StoredValue(path: path, summary: text, declaringType: owner))
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            let object = value as AnyObject
            references.append(ObjectReference(name: path, target: node(for: object), strength: strength, declaringType: owner))
        case .optional:
            if let wrapped = mirror.children.first?.value {
                visit(wrapped, path: path, strength: strength, declaring: declaring, owner: owner, depth: depth,
                      references: &references, values: &values)
            } else {
                values.append(StoredValue(path: path, summary: "nil", declaringType: owner))
            }
        case .collection, .set, .dictionary:
            visitCollection(mirror, path: path, strength: strength, declaring: declaring, owner: owner, depth: depth,
                            references: &references, values: &values)
        case .struct, .tuple:
            let type = TypeName(mirror.subjectType)
            guard depth < Self.valueDepth, !mirror.children.isEmpty, !type.isOpaque, !type.isLibraryValue else {
                values.append(StoredValue(path: path, summary: Self.described(value, type: type), declaringType: owner))
                return
            }
            // A struct's own properties are declared by the struct: a `weak var` inside a box.
            for (offset, child) in mirror.children.enumerated() {
                let name = child.label.flatMap(Self.propertyName) ?? "\(offset)"
                visit(child.value, path: path + "." + name, strength: strengths.strength(of: name, in: type.lookupName),
                      declaring: type.lookupName, owner: owner, depth: depth + 1, references: &references, values: &values)
            }
        case .enum:
            // A payload may hold an object (a state enum carrying a task's owner): follow it.
            for child in mirror.children {
                var inner: [StoredValue] = []
                visit(child.value, path: path + "." + (child.label ?? "payload"), strength: strength, declaring: declaring,
                      owner: owner, depth: Self.valueDepth, references: &references, values: &inner)
            }
            values.append(StoredValue(path: path, summary: Self.described(value, type: TypeName(mirror.subjectType)), declaringType: owner))
        default:
            values.append(StoredValue(path: path, summary: Self.described(value, type: TypeName(mirror.subjectType)), declaringType: owner))
        }
    }

    /// A collection is a count and its first items; its objects (all, to `elementLimit`) are references.
    private mutating func visitCollection(
        _ mirror: Mirror, path: String, strength: ReferenceStrength, declaring: String, owner: String, depth: Int,
        references: inout [ObjectReference], values: inout [StoredValue]
    ) {
        let count = mirror.children.count
        var shown: [String] = []
        // A dictionary's order changes from run to run (hashing is seeded per process): by key, it
        // is stable. An array is read in order and only as far as needed.
        let elements: AnySequence<(key: String, value: Any)> = mirror.displayStyle == .dictionary
            ? AnySequence(mirror.children.map { Self.keyAndValue($0.value) }.sorted { $0.key < $1.key })
            : AnySequence(mirror.children.lazy.enumerated().map { (key: "\($0.offset)", value: $0.element.value) })
        var holdsObjects: Bool?
        for (offset, element) in elements.enumerated() {
            // Whether the elements are objects is decided by the first: collections are homogeneous
            // enough here, and a hundred listings are not reflected one by one for nothing.
            if holdsObjects == nil { holdsObjects = Self.isObject(element.value) }
            if holdsObjects == true {
                guard offset < Self.elementLimit else { break }
                var inner: [StoredValue] = []
                visit(element.value, path: "\(path)[\(element.key)]", strength: strength, declaring: declaring,
                      owner: owner, depth: depth + 1, references: &references, values: &inner)
            } else {
                guard shown.count < 3 else { break }
                shown.append(Self.scalar(element.value) ?? Self.described(element.value, type: TypeName(type(of: element.value))))
            }
        }
        let items = count == 1 ? "1 item" : "\(count) items"
        let summary = shown.isEmpty ? items : items + ": " + shown.joined(separator: ", ") + (count > shown.count ? ", …" : "")
        values.append(StoredValue(path: path, summary: summary, count: count, declaringType: owner))
    }

    // MARK: - Summaries

    /// Text for the values read as they are: strings (quoted, cut, control bytes escaped), numbers, truth.
    static func scalar(_ value: Any) -> String? {
        switch value {
        case let text as String: quoted(Substring(text))
        case let text as Substring: quoted(text)
        case let character as Character: quoted(Substring(String(character)))
        case let truth as Bool: truth ? "true" : "false"
        case let number as any BinaryInteger: "\(number)"
        case let number as any BinaryFloatingPoint: "\(Double(number))"
        default: nil
        }
    }

    private static func quoted(_ text: Substring) -> String {
        // Cut first: escaping a 5,000-character paste whole for a 40-character summary would be waste.
        let cut = text.prefix(textLimit)
        let escaped = String(cut).debugDescription
        return cut.endIndex < text.endIndex ? String(escaped.dropLast()) + "…\"" : escaped
    }

    /// A value that is not opened: an enum case, an opaque type, a closure.
    static func described(_ value: Any, type: TypeName) -> String {
        // A task's insides are the runtime's; `Swift.Task` is how the concurrency library names it.
        if type.isOpaque || type.name.hasPrefix("Task<") { return String(type.name.prefix { $0 != "<" }) }
        if type.name.contains("->") { return "closure" }
        var text = String(describing: value)
        if Mirror(reflecting: value).displayStyle == .enum, !text.hasPrefix(".") { text = "." + text }
        return text.count > 60 ? text.prefix(59) + "…" : text
    }

    private static func isObject(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value { return isObject(wrapped) }
        return mirror.displayStyle == .class
    }

    private static func keyAndValue(_ pair: Any) -> (key: String, value: Any) {
        let parts = Array(Mirror(reflecting: pair).children)
        guard parts.count == 2 else { return ("?", pair) }
        let key = scalar(parts[0].value).map { $0.hasPrefix("\"") ? String($0.dropFirst().dropLast()) : $0 }
            ?? String(describing: parts[0].value)
        return (key, parts[1].value)
    }

    /// The property a mirror label stands for: lazy and @Observable storage carry prefixes; the
    /// observation registrar is machinery, not state.
    static func propertyName(_ label: String) -> String? {
        if label.hasPrefix("_$") { return nil }
        if label.hasPrefix("$__lazy_storage_$_") { return String(label.dropFirst("$__lazy_storage_$_".count)) }
        if label.hasPrefix("_"), label.count > 1 { return String(label.dropFirst()) }
        return label
    }
}

/// A type's name as the graph shows it and as declarations are looked up.
struct TypeName {
    /// Unqualified, with generic arguments: `Observable<String>`.
    var name: String
    /// The declaring module: `MVVM`.
    var module: String
    /// `Module.Type` without generic arguments or enclosing types: the declarations' key.
    var lookupName: String
    /// Types whose insides are machinery, not state (tasks, locks, the observation registrar):
    /// shown by name.
    var isOpaque: Bool
    /// The standard library's and Foundation's values (a duration, an instant, a URL): described as
    /// they describe themselves, never opened.
    var isLibraryValue: Bool

    init(_ type: Any.Type) {
        name = String(describing: type)
        let qualified = String(reflecting: type)
        module = String(qualified.prefix { $0 != "." })
        let base = name.prefix { $0 != "<" }
        lookupName = module + "." + (base.split(separator: ".").last.map(String.init) ?? String(base))
        isOpaque = ["_Concurrency", "Synchronization", "Dispatch", "Observation"].contains(module)
        isLibraryValue = ["Swift", "Foundation", "FoundationEssentials"].contains(module)
    }
}

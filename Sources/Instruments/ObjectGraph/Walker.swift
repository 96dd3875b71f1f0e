/// The reflection behind `ObjectGraph`: a breadth-first walk that opens each object in scope once,
/// following stored properties through optionals, structs, tuples, enums and collections.
@MainActor
struct Walker {
    let scope: ObjectGraph.Scope
    let strengths: any ReferenceStrengths
    private(set) var nodes: [ObjectNode] = []
    private(set) var handles: [WeakHandle] = []
    private(set) var indexes: [ObjectIdentifier: Int] = [:]
    private var objects: [AnyObject] = []  // kept alive while the walk runs, released after
    private var next = 0

    /// How deep a struct is opened for values (`detail.price.text` is three).
    static let valueDepth = 3
    /// How many elements of a collection of objects are followed.
    static let elementLimit = 200

    init(scope: ObjectGraph.Scope, strengths: any ReferenceStrengths) {
        self.scope = scope
        self.strengths = strengths
    }

    /// The node for `object`, made (and queued for opening when in scope) on first sight.
    mutating func node(for object: AnyObject) -> Int {
        let id = ObjectIdentifier(object)
        if let index = indexes[id] { return index }
        let type = TypeName.of(type(of: object))
        let index = nodes.count
        indexes[id] = index
        nodes.append(ObjectNode(id: id, typeName: type.name, module: type.module, isExpanded: scope.opens(type.module, type.name),
                                references: [], values: []))
        handles.append(WeakHandle(object: object))
        objects.append(object)
        return index
    }

    /// Opens every queued object in turn.
    mutating func run() {
        while next < nodes.count {
            let index = next
            next += 1
            guard nodes[index].isExpanded else { continue }
            if scope.describedModules.contains(nodes[index].module), let described = scope.describes(objects[index]) {
                nodes[index].values = described.map {
                    StoredValue(path: $0.path, summary: $0.summary, declaringType: nodes[index].qualifiedName)
                }
                continue
            }
            var references: [ObjectReference] = []
            var values: [StoredValue] = []
            read(objects[index], references: &references, values: &values)
            nodes[index].references = references
            nodes[index].values = values
        }
        objects.removeAll()
    }

    /// Reads `object`'s stored properties through its mirror, its own class's first, then each
    /// superclass's the scope inherits (a subclass's mirror lists its own; the superclass's come
    /// from its own mirror). The names come from what the class's first object taught.
    private mutating func read(_ object: AnyObject, references: inout [ObjectReference], values: inout [StoredValue]) {
        let fields = StoredFields.of(object)
        var mirror: Mirror? = Mirror(reflecting: object)
        var depth = 0
        while let level = mirror {
            let known = fields.isCustom ? nil : fields.levels[depth]
            let type = known?.type ?? TypeName.of(level.subjectType)
            if depth > 0, !scope.inherits(type.module) { break }
            let declaring = type.lookupName
            for (offset, child) in level.children.enumerated() {
                let name = if let known { known.names[offset] } else { child.label.flatMap(Self.propertyName) }
                guard let name else { continue }
                let strength = strengths.strength(of: name, in: declaring)
                visit(child.value, path: name, strength: strength, declaring: declaring, owner: declaring, depth: 0,
                      references: &references, values: &values)
            }
            depth += 1
            // A superclass's mirror costs a reflection call: none is made for a base class the
            // scope leaves out, nor above the root class.
            if !fields.isCustom, depth == fields.levels.count || !scope.inherits(fields.levels[depth].type.module) { break }
            mirror = level.superclassMirror
        }
    }

    /// Records `value` at `path`: a reference when it is an object, else a summary, opening
    /// optionals, collections and (to `valueDepth`) structs to find the objects inside.
    /// `declaring` is the type that declares the property being read (a struct's own for its
    /// fields: a weak box); `owner` the type that declares the object's property it all hangs from.
    private mutating func visit(
        _ value: Any, path: String, strength: ReferenceStrength, declaring: String, owner: String, depth: Int,
        references: inout [ObjectReference], values: inout [StoredValue]
    ) {
        switch Self.valueKind(of: value) {
        case .scalar(let format):
            values.append(StoredValue(path: path, summary: format(value), declaringType: owner))
        case .object:
            // An object behind a protocol or `Any` too.
            references.append(ObjectReference(name: path, target: node(for: Self.object(value)), strength: strength, declaringType: owner))
        case .optional(let type):
            if let wrapped = type.wrapped(in: value) {
                visit(wrapped, path: path, strength: strength, declaring: declaring, owner: owner, depth: depth,
                      references: &references, values: &values)
            } else {
                values.append(StoredValue(path: path, summary: "nil", declaringType: owner))
            }
        case .fixed(let summary):
            values.append(StoredValue(path: path, summary: summary, declaringType: owner))
        case .reflected:
            visitReflected(value, path: path, strength: strength, declaring: declaring, owner: owner, depth: depth,
                           references: &references, values: &values)
        }
    }

    /// A value read through its mirror: a collection counted, a struct or tuple opened, an enum's
    /// payload followed, a value of a type that reflects itself taken as its mirror says.
    private mutating func visitReflected(
        _ value: Any, path: String, strength: ReferenceStrength, declaring: String, owner: String, depth: Int,
        references: inout [ObjectReference], values: inout [StoredValue]
    ) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            // A value that reflects itself as a class (an object is read as `.object`).
            references.append(ObjectReference(name: path, target: node(for: value as AnyObject), strength: strength, declaringType: owner))
        case .optional:
            if let wrapped = mirror.children.first?.value {
                visit(wrapped, path: path, strength: strength, declaring: declaring, owner: owner, depth: depth,
                      references: &references, values: &values)
            } else {
                values.append(StoredValue(path: path, summary: "nil", declaringType: owner))
            }
        case .collection, .set, .dictionary:
            visitCollection(count: mirror.children.count, elements: AnySequence(mirror.children.lazy.map(\.value)),
                            isDictionary: mirror.displayStyle == .dictionary, path: path, strength: strength, declaring: declaring,
                            owner: owner, depth: depth, references: &references, values: &values)
        case .struct, .tuple:
            let type = TypeName.of(mirror.subjectType)
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
            values.append(StoredValue(path: path, summary: Self.described(value, type: TypeName.of(mirror.subjectType), isEnum: true), declaringType: owner))
        default:
            values.append(StoredValue(path: path, summary: Self.described(value, type: TypeName.of(mirror.subjectType)), declaringType: owner))
        }
    }

    /// A collection is a count and its first items; its objects (all, to `elementLimit`) are references.
    private mutating func visitCollection(
        count: Int, elements: AnySequence<Any>, isDictionary: Bool, path: String, strength: ReferenceStrength, declaring: String,
        owner: String, depth: Int, references: inout [ObjectReference], values: inout [StoredValue]
    ) {
        var shown: [String] = []
        // A dictionary's order changes from run to run (hashing is seeded per process): by key, it
        // is stable. An array is read in order and only as far as needed.
        let listed: AnySequence<(key: String, value: Any)> = isDictionary
            ? AnySequence(elements.map { Self.keyAndValue($0) }.sorted { $0.key < $1.key })
            : AnySequence(elements.enumerated().lazy.map { (key: "\($0.offset)", value: $0.element) })
        // What the elements are is decided by the first: collections are homogeneous enough here,
        // and a hundred listings are not reflected one by one for nothing. Strings, numbers and enum
        // cases are shown; a struct's description would cost more than the rest of the snapshot, so
        // structs are counted (`20 items`); objects are followed.
        var kind: ElementKind?
        for (offset, element) in listed.enumerated() {
            let elementKind = kind ?? Self.elementKind(of: element.value)
            kind = elementKind
            switch elementKind {
            case .objects:
                guard offset < Self.elementLimit else { break }
                var inner: [StoredValue] = []
                visit(element.value, path: "\(path)[\(element.key)]", strength: strength, declaring: declaring,
                      owner: owner, depth: depth + 1, references: &references, values: &inner)
                continue
            case .scalars where shown.count < 3:
                shown.append(Self.scalar(element.value) ?? "?")
                continue
            case .cases where shown.count < 3:
                shown.append(Self.described(element.value, type: TypeName.of(type(of: element.value)), isEnum: true))
                continue
            default:
                break
            }
            break
        }
        let items = count == 1 ? "1 item" : "\(count) items"
        let summary = shown.isEmpty ? items : items + ": " + shown.joined(separator: ", ") + (count > shown.count ? ", …" : "")
        values.append(StoredValue(path: path, summary: summary, count: count, declaringType: owner))
    }

    // MARK: - Kinds

    /// How a value is read, decided once per type: a look-up in place of a cast, a type check
    /// and a mirror for every value.
    enum ValueKind {
        case scalar((Any) -> String)
        /// A class instance (behind a protocol or `Any` too).
        case object
        case optional(any OptionalValue.Type)
        /// A value its type alone summarises (a closure, a lock, a task): `described` once.
        case fixed(String)
        /// Anything else, through a mirror every time (a collection, a struct, an enum).
        case reflected
    }

    private static var valueKinds: [ObjectIdentifier: ValueKind] = [:]

    private static func valueKind(of value: Any) -> ValueKind {
        let type = type(of: value)
        let id = ObjectIdentifier(type)
        if let kind = valueKinds[id] { return kind }
        let kind: ValueKind
        if let format = scalarFormats[id] {
            kind = .scalar(format)
        } else if type is AnyClass {
            kind = .object
        } else if let optional = type as? any OptionalValue.Type {
            kind = .optional(optional)
        } else if let summary = fixedSummary(of: value, type: TypeName.of(type)) {
            kind = .fixed(summary)
        } else {
            kind = .reflected
        }
        valueKinds[id] = kind
        return kind
    }

    /// What `visitReflected` would always say of a value of `type`, or nil when it depends on the
    /// value: an opaque struct or a closure, neither opened, unless the type makes its own mirror.
    private static func fixedSummary(of value: Any, type: TypeName) -> String? {
        guard !(value is any CustomReflectable) else { return nil }
        switch Mirror(reflecting: value).displayStyle {
        case .struct?, .tuple?:
            return type.isOpaque ? described(value, type: type) : nil
        case nil:
            let fixed = type.isOpaque || type.name.hasPrefix("Task<") || type.name.contains("->")
            return fixed ? described(value, type: type) : nil
        default:
            return nil
        }
    }

    /// The class instance `value` holds. `value as AnyObject` takes the bridging path, four times
    /// the cost of a cast; the cast is generic because written plainly it warns that it always succeeds.
    private static func object(_ value: Any) -> AnyObject {
        cast(value, to: AnyObject.self)!
    }

    private static func cast<T>(_ value: Any, to _: T.Type) -> T? {
        value as? T
    }

    // MARK: - Summaries

    /// Text for the values read as they are: strings (quoted, cut, control bytes escaped), numbers,
    /// truth. Found by the value's type in a table: a cast to `any BinaryInteger` for every value
    /// would look the conformance up each time, most of a snapshot's cost.
    static func scalar(_ value: Any) -> String? {
        scalarFormats[ObjectIdentifier(type(of: value))]?(value)
    }

    private static let scalarFormats: [ObjectIdentifier: (Any) -> String] = {
        func number<T>(_ type: T.Type) -> (ObjectIdentifier, (Any) -> String) {
            (ObjectIdentifier(type), { "\($0)" })
        }
        return Dictionary(uniqueKeysWithValues: [
            (ObjectIdentifier(String.self), { StoredValue.quoted($0 as! String) }),
            (ObjectIdentifier(Substring.self), { StoredValue.quoted($0 as! Substring) }),
            (ObjectIdentifier(Character.self), { StoredValue.quoted(String($0 as! Character)) }),
            (ObjectIdentifier(Bool.self), { ($0 as! Bool) ? "true" : "false" }),
            number(Int.self), number(Int8.self), number(Int16.self), number(Int32.self), number(Int64.self),
            number(UInt.self), number(UInt8.self), number(UInt16.self), number(UInt32.self), number(UInt64.self),
            number(Double.self), number(Float.self),
        ])
    }()

    /// A value that is not opened: an enum case, an opaque type, a closure.
    static func described(_ value: Any, type: TypeName, isEnum: Bool = false) -> String {
        // A task's insides are the runtime's; `Swift.Task` is how the concurrency library names it.
        if type.isOpaque || type.name.hasPrefix("Task<") { return String(type.name.prefix { $0 != "<" }) }
        if type.name.contains("->") { return "closure" }
        var text = String(describing: value)
        if isEnum, !text.hasPrefix(".") { text = "." + text }
        return text.count > 60 ? text.prefix(59) + "…" : text
    }

    /// What a collection holds, as far as its summary cares.
    enum ElementKind { case objects, scalars, cases, values }

    private static func elementKind(of value: Any) -> ElementKind {
        switch valueKind(of: value) {
        case .scalar: return .scalars
        case .object: return .objects
        case .optional(let type): return type.wrapped(in: value).map { elementKind(of: $0) == .objects ? .objects : .values } ?? .values
        case .fixed: return .values
        case .reflected: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class: return .objects
        case .enum: return .cases
        case .optional: return mirror.children.first.map { elementKind(of: $0.value) == .objects ? .objects : .values } ?? .values
        default: return .values
        }
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
    /// Names by type, worked out once: printing a type's name demangles it, which cost more than
    /// the rest of a snapshot together.
    @MainActor private static var known: [ObjectIdentifier: TypeName] = [:]

    @MainActor
    static func of(_ type: Any.Type) -> TypeName {
        let id = ObjectIdentifier(type)
        if let name = known[id] { return name }
        let name = TypeName(type)
        known[id] = name
        return name
    }

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

/// Lets the walk unwrap an optional held as `Any` without a mirror.
protocol OptionalValue {
    /// What `value`, an optional of this type, wraps; nil when it is nil.
    static func wrapped(in value: Any) -> Any?
}

extension Optional: OptionalValue {
    static func wrapped(in value: Any) -> Any? {
        (value as! Self).map { $0 as Any }
    }
}

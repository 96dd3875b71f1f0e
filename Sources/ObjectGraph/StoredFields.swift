/// A class's stored properties as the runtime lays them out (name, offset, type, the class that
/// declares each, whether it is held strongly), worked out once per type, so an object's fields
/// are read straight from its memory. `Mirror` pays for every field on every read: a boxed copy, a
/// label string and a step of a type-erased iterator; the state timeline reads the same few types
/// after every action.
///
/// Only fields held strongly are read this way: a `weak` or `unowned` field's storage is not its
/// type's, and loading it as if it were would be wrong. The walk reads an object with such a field
/// (in the classes it reads) through `Mirror`, which loads each kind as it must.
struct StoredFields {
    /// One stored property.
    struct Field {
        /// The property as the graph names it (`formView` for lazy storage), nil for machinery.
        var name: String?
        var offset: Int
        var shape: Shape
        /// The class that declares it: 0 the object's own, 1 its superclass…
        var level: Int
    }

    /// How a field is read, decided once from its type.
    enum Shape {
        /// A class instance: a reference, read without boxing.
        case object
        /// An optional class instance.
        case optionalObject
        case string, int, bool
        /// Anything else: copied out as `Any` and summarised as `Mirror` would have met it.
        case value(Any.Type)
    }

    /// The classes that declare the fields, the object's own first.
    var levels: [TypeName]
    /// Every field, its own class's first, each class's in declaration order.
    var fields: [Field]
    /// How many classes, from the object's own up, hold every field strongly: fields are read
    /// directly only when the classes read are among them.
    var strongLevels: Int

    @MainActor private static var known: [ObjectIdentifier: StoredFields] = [:]

    /// The layout of `type`, worked out on first use.
    @MainActor
    static func of(_ type: AnyClass) -> StoredFields {
        let id = ObjectIdentifier(type)
        if let layout = known[id] { return layout }
        let layout = StoredFields(type)
        known[id] = layout
        return layout
    }

    @MainActor
    private init(_ type: AnyClass) {
        var chain: [AnyClass] = [type]
        while let superclass = _getSuperclass(chain[chain.count - 1]) { chain.append(superclass) }
        // The runtime lists a class's fields after its superclasses': field `index` belongs to the
        // deepest class whose count (its own and its superclasses') is above it.
        let counts = chain.map { runtimeFieldCount($0) }
        var all: [(field: Field, isStrong: Bool)] = []
        for index in 0..<(counts.first ?? 0) {
            var record = RuntimeFieldRecord()
            let fieldType = runtimeFieldType(type, index: index, record: &record)
            let name = record.name.map { String(cString: $0) } ?? ""
            record.freeName?(record.name)
            let level = counts.lastIndex { index < $0 } ?? 0
            all.append((Field(name: Walker.propertyName(name), offset: runtimeFieldOffset(type, index: index),
                              shape: Self.shape(fieldType), level: level), record.isStrong))
        }
        levels = chain.map(TypeName.of)
        fields = chain.indices.flatMap { level in all.filter { $0.field.level == level }.map(\.field) }
        strongLevels = chain.indices.first { level in all.contains { $0.field.level == level && !$0.isStrong } } ?? chain.count
    }

    private static func shape(_ type: Any.Type) -> Shape {
        switch type {
        case is String.Type: return .string
        case is Int.Type: return .int
        case is Bool.Type: return .bool
        default: break
        }
        if type is AnyClass { return .object }
        if let wrapped = type as? any OptionalType.Type, wrapped.wrappedType is AnyClass {
            return .optionalObject
        }
        return .value(type)
    }

    /// The field's value, copied out of `object` (which the caller keeps alive).
    static func value(_ field: Field, of object: AnyObject) -> Any {
        guard case .value(let type) = field.shape else { preconditionFailure("read by shape") }
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset
        func load<T>(_: T.Type) -> Any { base.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: load)
    }

    /// The field's address in `object`.
    static func address(_ field: Field, in object: AnyObject) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset
    }
}

/// Lets a field's optional type say what it wraps.
private protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

/// The runtime's record of a field, filled by the call `Mirror` itself makes to learn how to load
/// it (the standard library's `_FieldReflectionMetadata`, laid out alike).
private struct RuntimeFieldRecord {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

// The reflection runtime's entry points behind `Mirror` (the standard library declares them so):
// fields counted, typed and placed the way `Mirror` reads them, superclasses' included.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldType(_ type: Any.Type, index: Int, record: UnsafeMutablePointer<RuntimeFieldRecord>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

/// The stored values of every opened object at one moment, keyed `Type.path`
/// (`AppState.person.firstName`, `ListingsPresenter.listings`): what the timeline records after
/// each action, and diffs against the one before.
package struct StateSnapshot: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        /// `Type.path`, with `#2`, `#3` after the type when one type has several live objects.
        package var key: String
        package var summary: String
        package var count: Int?
        /// The owner's module, for colouring the line by role.
        package var module: String
        /// The module of the type that declares the property (a base class's, for its own state).
        package var declaringModule: String

        package init(key: String, summary: String, count: Int? = nil, module: String, declaringModule: String? = nil) {
            self.key = key
            self.summary = summary
            self.count = count
            self.module = module
            self.declaringModule = declaringModule ?? module
        }
    }

    /// In the graph's order: roots first, each object's values in declaration order.
    package private(set) var entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries }

    package static func == (lhs: StateSnapshot, rhs: StateSnapshot) -> Bool { lhs.entries == rhs.entries }

    /// The values of `graph`'s opened objects that `keeps` keeps. An object `isPart` says is part
    /// of another (a label of a form) is named after the first object that references it,
    /// `GreetingFormView.greetingLabel`, rather than `Label#3`.
    package init(_ graph: ObjectGraph, isPart: (ObjectNode) -> Bool = { _ in false }, keeps: (Entry) -> Bool = { _ in true }) {
        var seen: [String: Int] = [:]
        var names = [String?](repeating: nil, count: graph.nodes.count)
        entries = []
        for (index, node) in graph.nodes.enumerated() {
            if names[index] == nil {
                seen[node.typeName, default: 0] += 1
                names[index] = seen[node.typeName]! == 1 ? node.typeName : "\(node.typeName)#\(seen[node.typeName]!)"
            }
            // The walk is breadth-first, so an owner is named before the parts it reaches.
            for reference in node.references where names[reference.target] == nil && isPart(graph.nodes[reference.target]) {
                names[reference.target] = names[index]! + "." + reference.name
            }
            guard node.isExpanded, let owner = names[index] else { continue }
            for value in node.values {
                let entry = Entry(key: owner + "." + value.path, summary: value.summary, count: value.count,
                                  module: node.module, declaringModule: String(value.declaringType.prefix { $0 != "." }))
                if keeps(entry) { entries.append(entry) }
            }
        }
    }

    /// What changed since `earlier`: values that differ, appeared or went (an object freed or built).
    package func changes(since earlier: StateSnapshot) -> [StateChange] {
        // Most actions leave the same objects in place: the entries line up one for one.
        if earlier.entries.count == entries.count, zip(earlier.entries, entries).allSatisfy({ $0.key == $1.key }) {
            return zip(earlier.entries, entries).compactMap { old, new in
                old.summary == new.summary ? nil
                    : StateChange(key: new.key, module: new.module, before: Self.shown(old), after: Self.shown(new))
            }
        }
        let before = Dictionary(earlier.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(entries.map(\.key))
        var changes: [StateChange] = []
        for entry in entries {
            let old = before[entry.key]
            guard old?.summary != entry.summary else { continue }
            changes.append(StateChange(key: entry.key, module: entry.module, before: old.map(Self.shown), after: Self.shown(entry)))
        }
        for entry in earlier.entries where !now.contains(entry.key) {
            changes.append(StateChange(key: entry.key, module: entry.module, before: Self.shown(entry), after: nil))
        }
        return changes
    }

    /// A collection shows as its count in a diff (`20 → 40`), anything else as its summary.
    private static func shown(_ entry: Entry) -> String {
        entry.count.map { "\($0)" } ?? entry.summary
    }
}

/// One value that differs between two snapshots.
package struct StateChange: Sendable, Equatable, CustomStringConvertible {
    package var key: String
    package var module: String
    /// Nil when the value is new (its object was built by the action).
    package var before: String?
    /// Nil when the value went (its object was freed by the action).
    package var after: String?

    /// `AppState.person.firstName "David" → "Ada"`; `+` for a new value, `−` for one gone.
    package var description: String {
        switch (before, after) {
        case let (before?, after?): "\(key) \(before) → \(after)"
        case let (nil, after?): "+ \(key) \(after)"
        case let (before?, nil): "− \(key) \(before)"
        case (nil, nil): key
        }
    }
}

import CodeMetrics
import ObjectGraph
import PatternVocabulary

/// A module's object graph as plain values, taken once: what the ownership panel keeps in the
/// shell's state and draws (a live `ObjectGraph` holds weak handles and belongs to the main actor).
package struct OwnershipSnapshot: Equatable, Sendable {
    /// `MVP greeting`: whose graph it is.
    package var label: String
    package var pattern: PatternID
    package var nodes: [ObjectNode]
    /// The roots' indexes in `nodes`, the module first.
    package var roots: [Int]
    /// Every strong cycle, as node indexes (see `ObjectGraph.strongCycles()`).
    package var cycles: [[Int]]

    package init(label: String, pattern: PatternID, nodes: [ObjectNode], roots: [Int], cycles: [[Int]]) {
        self.label = label
        self.pattern = pattern
        self.nodes = nodes
        self.roots = roots
        self.cycles = cycles
    }

    @MainActor
    init(_ graph: ObjectGraph, label: String, pattern: PatternID) {
        self.init(label: label, pattern: pattern, nodes: graph.nodes, roots: graph.roots.map(\.node),
                  cycles: graph.strongCycles())
    }

    /// How many stored references of `strength` the graph holds.
    package func count(_ strength: ReferenceStrength) -> Int {
        nodes.reduce(0) { $0 + $1.references.count { $0.strength == strength } }
    }

    /// `10 objects · 9 strong · 1 weak`, with ` · 2 unowned` when there are any.
    package var counts: String {
        let unowned = count(.unowned)
        return "\(nodes.count) objects · \(count(.strong)) strong · \(count(.weak)) weak"
            + (unowned > 0 ? " · \(unowned) unowned" : "")
    }

    /// The pattern's own role objects, in the graph's order, each with the role it plays.
    package var roleObjects: [(role: Role, typeName: String)] {
        nodes.compactMap { node in
            guard node.module == pattern.rawValue, let role = OwnershipRoles.role(of: node) else { return nil }
            return (role, node.typeName)
        }
    }
}

/// What became of the module shown before the last switch: how many of its objects were freed
/// and which are still alive (a leak, if any).
package struct FreedObjects: Equatable, Sendable {
    /// `MVC greeting`.
    package var label: String
    package var objects: Int
    /// The type names of the objects still alive when it was counted.
    package var survivors: [String]
    /// Whether the work the teardown cancelled has ended: until then a survivor may be an object
    /// a cancelled request's task still holds, not a leak.
    package var isFinal: Bool

    package init(label: String, objects: Int, survivors: [String], isFinal: Bool = true) {
        self.label = label
        self.objects = objects
        self.survivors = survivors
        self.isFinal = isFinal
    }

    /// `previous MVC greeting: 9 objects freed, 0 alive`; before the cancelled work ended,
    /// `7 objects freed, 2 held by cancelled requests: PersonAPIService, …`.
    package var summary: String {
        let held = isFinal ? "alive" : "held by cancelled requests"
        return "previous \(label): \(objects - survivors.count) objects freed, \(survivors.count) \(survivors.isEmpty ? "alive" : held)"
            + (survivors.isEmpty ? "" : ": " + survivors.joined(separator: ", "))
    }

    /// Objects of the old module alive once its cancelled work ended: a leak.
    package var isLeak: Bool { isFinal && !survivors.isEmpty }
}

/// The role an object plays, as the trace and the metrics name it: a pattern's types by the
/// metrics' role table, the shared layers by what they are.
enum OwnershipRoles {
    static func role(of node: ObjectNode) -> Role? {
        role(module: node.module, typeName: node.typeName)
    }

    /// The role of the type `typeName` declared in `module` (the timeline names changes so).
    static func role(module: String, typeName: String) -> Role? {
        // `Observable<String>` is placed as `Observable`.
        let stem = String(typeName.prefix { $0 != "<" })
        if let pattern = PatternID(rawValue: module) { return RoleTable.role(of: stem, in: pattern) }
        switch module {
        case "Model": return .model
        case "ModelServices": return stem.hasSuffix("Reformer") ? .reformer : .model
        case "Networking": return .network
        case "Widgets", "ScreenViews": return .view
        default: return nil
        }
    }
}

extension OwnershipSnapshot {
    /// What to notice in the graph, read from its references alone: a strong cycle; else which
    /// role holds which without retaining it (`the presenter holds its view weakly`); else that no
    /// other role refers back to the first one.
    var notice: String {
        var roles: [Int: Role] = [:]
        for (index, node) in nodes.enumerated() where node.module == pattern.rawValue {
            roles[index] = OwnershipRoles.role(of: node)
        }
        guard cycles.isEmpty else { return "a strong cycle: its objects outlive the module's teardown" }
        var unretained: [(holder: Role, held: Role, strength: ReferenceStrength)] = []
        for index in roles.keys.sorted() {
            for reference in nodes[index].references where !reference.strength.retains && reference.target != index {
                guard let holder = roles[index], let held = roles[reference.target],
                      !unretained.contains(where: { $0.holder == holder && $0.held == held }) else { continue }
                unretained.append((holder, held, reference.strength))
            }
        }
        func how(_ strength: ReferenceStrength) -> String { strength == .weak ? "weakly" : "unowned" }
        if let first = unretained.first {
            let rest = unretained.dropFirst().map { ", the \($0.holder.noun) its \($0.held.noun)" + ($0.strength == first.strength ? "" : " " + how($0.strength)) }
            return "no strong cycle: the \(first.holder.noun) holds its \(first.held.noun) \(how(first.strength))" + rest.joined()
        }
        guard let top = roles.keys.min(), let topRole = roles[top] else { return "no \(pattern.name) role object is on show" }
        let pointsBack = roles.keys.contains { $0 != top && nodes[$0].references.contains { $0.target == top } }
        guard !pointsBack else { return "another role holds the \(topRole.noun) strongly" }
        var held: [Role] = []
        for reference in nodes[top].references where reference.strength.retains {
            guard let role = OwnershipRoles.role(of: nodes[reference.target]), role != .view, !held.contains(role) else { continue }
            held.append(role)
        }
        let holds = held.isEmpty ? "" : " holds the " + held.map(\.noun).joined(separator: " and the ") + ";"
        return "no cycle: the \(topRole.noun)\(holds) no other role refers back to it"
    }
}

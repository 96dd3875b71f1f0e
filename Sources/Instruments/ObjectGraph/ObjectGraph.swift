/// The objects reachable from a module's roots and their stored references, found by reflection
/// on the live objects (`Mirror`, each class's property names learned once): what the ownership
/// panel draws and the state timeline records.
///
/// The walk opens only objects in its `scope` (the pattern's roles and the shared model, say); an
/// object outside it (a widget, a network manager) is a leaf, so the graph shows what a reader of
/// the pattern looks for, not the whole process. Reflection sees stored properties only: what a
/// closure captures is invisible to it, which the panel says.
@MainActor
package struct ObjectGraph {
    /// Every object found, the roots first, then in the order the walk reached them.
    package private(set) var nodes: [ObjectNode] = []
    /// The roots' indexes in `nodes`, with the names the caller gave them.
    package private(set) var roots: [(name: String, node: Int)] = []
    /// Weak handles on every object found: whether each is still alive later (after a switch).
    fileprivate(set) var handles: [WeakHandle] = []

    /// Which objects the walk opens, by their type's module and unqualified name, and how.
    package struct Scope {
        package var opens: @MainActor (_ module: String, _ typeName: String) -> Bool
        /// Whether an opened object's properties inherited from a superclass declared in `module`
        /// are read too. Reflection reads field by field at a cost; a base class's bookkeeping
        /// (a view controller's appearance) may not be worth it.
        package var inherits: @MainActor (_ module: String) -> Bool
        /// An opened object's values when the caller reads them itself (a label: its text), so
        /// it is not reflected, or nil to reflect it. Asked only of types in `describedModules`.
        package var describes: @MainActor (AnyObject) -> [(path: String, summary: String)]?
        package var describedModules: Set<String>

        package init(
            opens: @escaping @MainActor (_ module: String, _ typeName: String) -> Bool,
            inherits: @escaping @MainActor (_ module: String) -> Bool = { _ in true },
            describedModules: Set<String> = [],
            describes: @escaping @MainActor (AnyObject) -> [(path: String, summary: String)]? = { _ in nil }
        ) {
            self.opens = opens
            self.inherits = inherits
            self.describedModules = describedModules
            self.describes = describes
        }
        /// Opens every object: for tests of small graphs.
        package static var everything: Scope { Scope { _, _ in true } }
    }

    /// Walks from `roots`, opening the objects `scope` allows. `strengths` says which stored
    /// properties are weak or unowned, as declared.
    package init(roots: [(name: String, object: AnyObject)], scope: Scope, strengths: any ReferenceStrengths) {
        var walker = Walker(scope: scope, strengths: strengths)
        for root in roots {
            self.roots.append((root.name, walker.node(for: root.object)))
        }
        walker.run()
        nodes = walker.nodes
        handles = walker.handles
    }

    /// The nodes whose objects are still alive (after the roots were released, it must be none).
    package func survivors() -> [ObjectNode] {
        zip(nodes, handles).compactMap { node, handle in handle.object == nil ? nil : node }
    }

    /// How many references of each strength the graph holds.
    package func referenceCount(_ strength: ReferenceStrength) -> Int {
        nodes.reduce(0) { $0 + $1.references.count { $0.strength == strength } }
    }

    /// Every cycle made of strong references only, each as the node indexes along it (the first
    /// repeated at the end is left out): two objects in one keep each other alive forever.
    package func strongCycles() -> [[Int]] {
        // Tarjan's strongly connected components over strong edges; a component of two or more
        // nodes, or one node retaining itself, holds a cycle. One path per component is enough.
        var index = 0
        var indexes = [Int?](repeating: nil, count: nodes.count)
        var lowLinks = [Int](repeating: 0, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        var stack: [Int] = []
        var cycles: [[Int]] = []

        func connect(_ node: Int) {
            indexes[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack[node] = true
            for edge in nodes[node].references where edge.strength.retains {
                if indexes[edge.target] == nil {
                    connect(edge.target)
                    lowLinks[node] = min(lowLinks[node], lowLinks[edge.target])
                } else if onStack[edge.target] {
                    lowLinks[node] = min(lowLinks[node], indexes[edge.target]!)
                }
            }
            guard lowLinks[node] == indexes[node] else { return }
            var component: Set<Int> = []
            while let top = stack.popLast() {
                onStack[top] = false
                component.insert(top)
                if top == node { break }
            }
            let selfRetained = nodes[node].references.contains { $0.strength.retains && $0.target == node }
            if component.count > 1 || selfRetained { cycles.append(path(around: node, within: component)) }
        }
        for node in nodes.indices where indexes[node] == nil { connect(node) }
        return cycles
    }

    /// A cycle through `start` inside `component`, by a breadth-first search back to it.
    private func path(around start: Int, within component: Set<Int>) -> [Int] {
        var cameFrom: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in nodes[node].references where edge.strength.retains && component.contains(edge.target) {
                if edge.target == start {
                    var path = [node]
                    while let previous = cameFrom[path[0]] { path.insert(previous, at: 0) }
                    return path
                }
                if cameFrom[edge.target] == nil && edge.target != start {
                    cameFrom[edge.target] = node
                    queue.append(edge.target)
                }
            }
        }
        return [start]
    }
}

/// Holds an object without keeping it alive.
struct WeakHandle {
    weak var object: AnyObject?
}

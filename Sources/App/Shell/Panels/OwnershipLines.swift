import ObjectGraph
import Terminal

/// The ownership panel's lines, built from plain values and nothing else: a tree from the
/// module's root in which every object appears once, under the object that owns it (strong
/// references first), each further reference to it a `↺` back-reference. Strong arrows are solid,
/// weak and unowned ones dashed and dim; a strong cycle and a survivor of a switch are red.
enum OwnershipLines {
    static let strongArrow = "─▶ "
    static let weakArrow = "╌▷ "
    static let strongStyle = Style.plain
    static let weakStyle = Style.dim
    static let guideStyle = ShellTheme.rule
    static let nameStyle = Style(attributes: .bold)
    /// A strong cycle or an object that outlived its module: what must not happen.
    static let alarm = ShellTheme.leakAlarm
    static let freedStyle = ShellTheme.freed

    /// The lines above the tree: the legend, each strong cycle with its path, the freed line.
    static func header(_ snapshot: OwnershipSnapshot, freed: FreedObjects?) -> [TraceLine] {
        var lines: [TraceLine] = [TraceLine(segments: [
            .init(text: " " + strongArrow + "strong  ", style: strongStyle),
            .init(text: weakArrow + "weak/unowned  ↺ shown above  ", style: weakStyle),
            .init(text: "closures are invisible to reflection", style: ShellTheme.detail),
        ])]
        for cycle in snapshot.cycles {
            lines.append(TraceLine(" ⚠ strong cycle: " + cyclePath(cycle, in: snapshot), alarm))
        }
        if let freed {
            let style = freed.isLeak ? alarm : freed.survivors.isEmpty ? freedStyle : ShellTheme.notice
            lines.append(TraceLine(" " + freed.summary, style))
        }
        return lines
    }

    /// `GreetingPresenter.view → GreetingViewController.presenter → GreetingPresenter`.
    static func cyclePath(_ cycle: [Int], in snapshot: OwnershipSnapshot) -> String {
        guard let first = cycle.first else { return "" }
        var steps: [String] = []
        for (position, node) in cycle.enumerated() {
            let next = position + 1 < cycle.count ? cycle[position + 1] : first
            let edge = snapshot.nodes[node].references.first { $0.target == next && $0.strength.retains }
            steps.append(snapshot.nodes[node].typeName + "." + (edge?.name ?? "?"))
        }
        return (steps + [snapshot.nodes[first].typeName]).joined(separator: " → ")
    }

    /// The tree: one line per root, object and back-reference.
    static func tree(_ snapshot: OwnershipSnapshot) -> [TraceLine] {
        let parents = owners(in: snapshot)
        var lines: [TraceLine] = []
        var shown = Set<Int>()
        for root in snapshot.roots where !shown.contains(root) && parents[root] == nil {
            shown.insert(root)
            lines.append(TraceLine(segments: [.init(text: " ", style: .plain), typeSegment(snapshot.nodes[root])]))
            children(of: root, guides: " ", snapshot, parents, &shown, &lines)
        }
        return lines
    }

    /// Which reference each object hangs from in the tree: breadth-first from the first root along
    /// strong references, then weak ones for what only they reach, then the other roots.
    static func owners(in snapshot: OwnershipSnapshot) -> [Int: (owner: Int, reference: Int)] {
        var parents: [Int: (owner: Int, reference: Int)] = [:]
        var placed = Set<Int>()
        for root in snapshot.roots where !placed.contains(root) {
            placed.insert(root)
            var queue = [root]
            var head = 0
            var reachedWeakly = true
            while reachedWeakly {
                while head < queue.count {
                    let node = queue[head]
                    head += 1
                    for (index, reference) in snapshot.nodes[node].references.enumerated()
                    where reference.strength.retains && !placed.contains(reference.target) {
                        placed.insert(reference.target)
                        parents[reference.target] = (node, index)
                        queue.append(reference.target)
                    }
                }
                // What no strong path reaches hangs from its first weak reference.
                reachedWeakly = false
                for node in queue {
                    for (index, reference) in snapshot.nodes[node].references.enumerated()
                    where !placed.contains(reference.target) {
                        placed.insert(reference.target)
                        parents[reference.target] = (node, index)
                        queue.append(reference.target)
                        reachedWeakly = true
                    }
                }
            }
        }
        return parents
    }

    private static func children(
        of node: Int, guides: String, _ snapshot: OwnershipSnapshot, _ parents: [Int: (owner: Int, reference: Int)],
        _ shown: inout Set<Int>, _ lines: inout [TraceLine]
    ) {
        let items = items(of: node, snapshot, parents)
        for (position, item) in items.enumerated() {
            let last = position == items.count - 1
            let branch = guides + (last ? "└" : "├")
            let deeper = guides + (last ? "  " : "│ ")
            switch item {
            case .views(let names, let targets):
                let label = targets.count == 1 ? snapshot.nodes[targets[0]].typeName : "\(targets.count) views"
                lines.append(TraceLine(segments: [
                    .init(text: branch, style: guideStyle), .init(text: strongArrow, style: strongStyle),
                    .init(text: names.joined(separator: ", ") + "  ", style: nameStyle),
                    .init(text: label, style: ShellTheme.style(for: .view)),
                ]))
                shown.formUnion(targets)
            case .reference(let reference):
                let target = snapshot.nodes[reference.target]
                let weak = !reference.strength.retains
                var segments: [TraceLine.Segment] = [
                    .init(text: branch, style: guideStyle),
                    .init(text: weak ? weakArrow : strongArrow, style: weak ? weakStyle : strongStyle),
                    .init(text: reference.name + (weak ? " (\(reference.strength.rawValue))" : "") + "  ",
                          style: weak ? weakStyle : nameStyle),
                ]
                let owns = parents[reference.target].map { $0.owner == node && snapshot.nodes[node].references[$0.reference] == reference } ?? false
                if owns && !shown.contains(reference.target) {
                    shown.insert(reference.target)
                    lines.append(TraceLine(segments: segments + [typeSegment(target)]))
                    children(of: reference.target, guides: deeper, snapshot, parents, &shown, &lines)
                } else {
                    segments.append(.init(text: "↺ ", style: weakStyle))
                    lines.append(TraceLine(segments: segments + [typeSegment(target)]))
                }
            }
        }
    }

    private enum Item {
        case reference(ObjectReference)
        /// The views a view controller holds strongly, outside the scope: one line.
        case views(names: [String], targets: [Int])
    }

    /// A node's references in order, its strong references to unopened views folded into one item
    /// where the first of them stood.
    private static func items(of node: Int, _ snapshot: OwnershipSnapshot, _ parents: [Int: (owner: Int, reference: Int)])
        -> [Item] {
        var items: [Item] = []
        var viewsAt: Int?
        var names: [String] = []
        var targets: [Int] = []
        for reference in snapshot.nodes[node].references {
            let target = snapshot.nodes[reference.target]
            if reference.strength.retains, !target.isExpanded, OwnershipRoles.role(of: target) == .view {
                if viewsAt == nil { viewsAt = items.count; items.append(.views(names: [], targets: [])) }
                names.append(reference.name)
                if !targets.contains(reference.target) { targets.append(reference.target) }
            } else {
                items.append(.reference(reference))
            }
        }
        if let viewsAt { items[viewsAt] = .views(names: names, targets: targets) }
        return items
    }

    /// The type's name in its role's colour; dim when the walk did not open it.
    private static func typeSegment(_ node: ObjectNode) -> TraceLine.Segment {
        let style = OwnershipRoles.role(of: node).map(ShellTheme.style(for:)) ?? .plain
        return .init(text: node.typeName, style: node.isExpanded ? style : style.with(.dim))
    }
}

import Mediator
import ObjectGraph
import PatternVocabulary
import Terminal

extension PanelID {
    /// Ownership (`o`): the live module's objects and who holds whom, strongly or weakly.
    package static let ownership = PanelID("ownership")
}

/// Builds the screen on show in every pattern on a fresh context and captures each module's
/// graph: what `Tab` in the ownership panel asks for through `ShellEffect.captureOwnership`. The
/// composition root's replay runner does it, so the shell imports no pattern.
@MainActor
package protocol OwnershipCapturing {
    /// `screen` in every pattern that has it, after `keys` (so a pushed detail is there too), built
    /// on the shared model as `model` holds it (the values the live module found; nil: a fresh one).
    func ownershipInEveryPattern(keys: [Key], screen: ScreenID, size: Size, model: AppStateValues?) async
        -> [OwnershipSnapshot]
}

/// The object graph of the module on show, taken by reflection when the panel opens and again
/// when the module or its navigation changes (`ShellEffect.followOwnership`, before each frame): a tree
/// from the module's root, strong and weak references drawn apart, strong cycles and survivors of
/// the last switch in red. `Tab` shows the screen's graph in all four patterns side by side.
package struct OwnershipPanel: ShellPanel {
    let id = PanelID.ownership
    let placement = PanelPlacement.body

    private enum Mode: Equatable {
        case tree
        case capturing(token: Int)
        case everyPattern([OwnershipSnapshot])
        case unavailable(String)
    }

    /// The graph on show, nil until the first frame takes it.
    private(set) var snapshot: OwnershipSnapshot?
    /// The module and view controllers the graph was taken of (`LiveOwnership.stamp`).
    private(set) var stamp: LiveOwnership.Stamp?
    private(set) var freed: FreedObjects?
    private var mode = Mode.tree
    private var token = 0
    private var scroll = ScrollPosition()
    let canCapture: Bool
    private(set) var screen: ScreenID

    init(screen: ScreenID, canCapture: Bool) {
        self.screen = screen
        self.canCapture = canCapture
    }

    /// A panel showing `snapshot` as it is (tests and goldens of handmade graphs).
    init(snapshot: OwnershipSnapshot, freed: FreedObjects? = nil, screen: ScreenID = .greeting) {
        self.init(screen: screen, canCapture: false)
        self.snapshot = snapshot
        self.freed = freed
    }

    /// The side-by-side graphs, once captured.
    var columns: [OwnershipSnapshot]? {
        if case .everyPattern(let columns) = mode { return columns }
        return nil
    }

    /// The graph of the module on show, taken again because the module or its navigation changed.
    mutating func retake(_ snapshot: OwnershipSnapshot?, stamp: LiveOwnership.Stamp, screen: ScreenID) {
        self.stamp = stamp
        self.screen = screen
        self.snapshot = snapshot
        scroll = ScrollPosition()
        mode = .tree
    }

    /// What became of the module torn down last, counted again before each frame.
    mutating func update(freed: FreedObjects?) {
        self.freed = freed
    }

    /// The graphs of every pattern have been captured.
    mutating func show(_ columns: [OwnershipSnapshot], token: Int) {
        guard mode == .capturing(token: token) else { return }
        mode = .everyPattern(columns)
        scroll = ScrollPosition()
    }

    func title(in context: PanelContext) -> String {
        switch mode {
        case .tree: snapshot.map { "Ownership · \($0.label) · \($0.counts)" } ?? "Ownership"
        default: "Ownership · \(screen.title) in every pattern"
        }
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        switch Keymap.command(for: key, in: id) {
        case .close?: return .close
        case .scroll?:
            let lines = lines(size: context.size)
            _ = scroll.handle(key, page: context.size.height - 1, content: lines.count)
            return .consumed
        case .sideBySide?:
            scroll = ScrollPosition()
            guard mode == .tree else {
                mode = .tree
                return .consumed
            }
            guard canCapture else {
                mode = .unavailable("This shell has no replay runner, so it cannot build the screen in other patterns.")
                return .consumed
            }
            token += 1
            mode = .capturing(token: token)
            return .effect(.captureOwnership(token: token))
        default: return .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    /// Everything below the key line, for a panel of `size`.
    func lines(size: Size) -> [TraceLine] {
        switch mode {
        case .tree:
            guard let snapshot else { return [TraceLine(" No module on show.", ShellTheme.detail)] }
            return PanelNote.lines(snapshot.notice, width: size.width) + OwnershipLines.header(snapshot, freed: freed)
                + [TraceLine("", .plain)] + OwnershipLines.tree(snapshot)
        case .capturing:
            return [TraceLine(" Building the \(screen.title.lowercased()) in every pattern…", ShellTheme.detail)]
        case .unavailable(let reason):
            return [TraceLine(" " + reason, ShellTheme.notice)]
        case .everyPattern(let columns):
            return OwnershipColumns(columns, width: size.width).rows
        }
    }

    func draw(into canvas: Canvas, context: PanelContext) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 1 else { return }
        let lines = lines(size: canvas.size)
        let page = canvas.size.height - 1
        let first = scroll.clamped(page: page, content: lines.count)
        let position = lines.count > page ? "lines \(first + 1)–\(first + page) of \(lines.count) · " : ""
        let hint = position + Keymap.hint(for: id, short: width < 100)
        if DisplayWidth.of(hint) < width {
            canvas.draw(hint, at: Point(x: width - DisplayWidth.of(hint), y: 0), style: ShellTheme.keyLabel)
        }
        if case .everyPattern(let columns) = mode {
            OwnershipColumns(columns, width: width).draw(in: canvas.subcanvas(Rect(x: 0, y: 1, width: width, height: page)),
                                                          from: first)
        } else {
            for (row, line) in lines.dropFirst(first).prefix(page).enumerated() {
                line.draw(row: row + 1, in: canvas)
            }
        }
        ScrollMarker.draw(remaining: scroll.remaining(page: page, content: lines.count), in: canvas)
    }
}

/// The screen's graph in every pattern, a column each: the counts, the pattern's role objects,
/// and where the columns are wide enough (120 cells and more) the whole tree.
struct OwnershipColumns {
    let columns: [OwnershipSnapshot]
    let columnWidth: Int
    /// Every column's lines, padded to one height: what scrolls.
    let cells: [[TraceLine]]

    /// The width from which the trees fit beside the counts.
    static let treeWidth = 120

    init(_ columns: [OwnershipSnapshot], width: Int) {
        self.columns = columns
        columnWidth = columns.isEmpty ? 0 : (width - (columns.count - 1)) / columns.count
        let showTrees = width >= Self.treeWidth
        var cells = columns.map { Self.lines(of: $0, trees: showTrees) }
        let height = cells.map(\.count).max() ?? 0
        for index in cells.indices { cells[index] += Array(repeating: TraceLine("", .plain), count: height - cells[index].count) }
        self.cells = cells
    }

    /// The rows as the scroll counts them (one per line of the tallest column).
    var rows: [TraceLine] { cells.first ?? [] }

    private static func lines(of snapshot: OwnershipSnapshot, trees: Bool) -> [TraceLine] {
        var lines = [TraceLine(" " + snapshot.pattern.name, ShellTheme.paneTitle)]
        lines.append(TraceLine(" objects \(snapshot.nodes.count)", .plain))
        lines.append(TraceLine(segments: [.init(text: " " + OwnershipLines.strongArrow + "strong \(snapshot.count(.strong))",
                                                style: OwnershipLines.strongStyle)]))
        lines.append(TraceLine(segments: [.init(text: " " + OwnershipLines.weakArrow + "weak \(snapshot.count(.weak))",
                                                style: OwnershipLines.weakStyle)]))
        lines.append(TraceLine(segments: [.init(text: " " + OwnershipLines.weakArrow + "unowned \(snapshot.count(.unowned))",
                                                style: OwnershipLines.weakStyle)]))
        for cycle in snapshot.cycles {
            lines.append(TraceLine(" ⚠ cycle: " + OwnershipLines.cyclePath(cycle, in: snapshot), OwnershipLines.alarm))
        }
        lines.append(TraceLine("", .plain))
        if trees {
            for object in snapshot.roleObjects {
                lines.append(TraceLine(segments: [.init(text: " " + object.role.rawValue + " ", style: ShellTheme.detail),
                                                  .init(text: object.typeName, style: ShellTheme.style(for: object.role))]))
            }
        } else {
            // Narrow: the roles' names, each once, with how many objects play it.
            var roles: [(role: Role, count: Int)] = []
            for object in snapshot.roleObjects {
                if let index = roles.firstIndex(where: { $0.role == object.role }) { roles[index].count += 1 } else { roles.append((object.role, 1)) }
            }
            for (role, count) in roles {
                lines.append(TraceLine(" " + role.rawValue + (count > 1 ? " ×\(count)" : ""), ShellTheme.style(for: role)))
            }
        }
        if trees {
            lines.append(TraceLine("", .plain))
            lines += OwnershipLines.tree(snapshot)
        }
        return lines
    }

    @MainActor
    func draw(in canvas: Canvas, from first: Int) {
        for (index, cell) in cells.enumerated() {
            let x = index * (columnWidth + 1)
            let area = canvas.subcanvas(Rect(x: x, y: 0, width: columnWidth, height: canvas.size.height))
            for (row, line) in cell.dropFirst(first).prefix(canvas.size.height).enumerated() {
                line.draw(row: row, in: area)
            }
            if index < cells.count - 1 {
                for row in 0..<canvas.size.height {
                    canvas.draw("│", at: Point(x: x + columnWidth, y: row), style: ShellTheme.rule)
                }
            }
        }
    }
}

import CodeMetrics
import PatternVocabulary
import Terminal
import Widgets

extension PanelID {
    /// The change drills (`D`): one change request made in every pattern, and what it touched.
    package static let drills = PanelID("drills")
}

/// One change drill at a time: the request, each pattern's figures (files, lines, tests, ALMA's
/// class, the roles touched against those the role graph predicts) and the patch of the pattern on
/// show as a coloured diff. ← → go to another drill; 1-4 pass through, and the diff follows.
package struct DrillsPanel: ShellPanel {
    let id = PanelID.drills
    let placement = PanelPlacement.body
    private(set) var scroll = ScrollPosition()
    /// The drill on show, an index into `report.drills`.
    private(set) var selected = 0
    /// What the panel shows: the drills built into mvx (goldens give the same).
    let report: DrillsReport

    init(report: DrillsReport = .current) {
        self.report = report
    }

    func title(in context: PanelContext) -> String {
        guard report.drills.indices.contains(selected) else { return "Change drills" }
        return "Change drills · \(selected + 1) of \(report.drills.count) · \(report.drills[selected].name)"
    }

    /// The panel's rows for `pattern` in a panel `width` wide.
    func lines(for pattern: PatternID, width: Int) -> [TraceLine] {
        guard report.drills.indices.contains(selected) else {
            return [TraceLine(" This mvx was built without drills (Drills/ was empty).", .plain)]
        }
        let drill = report.drills[selected]
        let figures = report.figures[selected]
        let text = max(1, width - 2)
        var rows = TextWrapping.lines(of: drill.title, width: text).map { TraceLine(" " + $0, ShellTheme.paneTitle) }
        // Paragraphs as request.md has them (a blank line between), each rewrapped to the panel.
        var paragraph: [Substring] = []
        let requestLines: [Substring] = drill.request.split(separator: "\n", omittingEmptySubsequences: false) + [""]
        for line in requestLines {
            if line.allSatisfy(\.isWhitespace) {
                if !paragraph.isEmpty {
                    rows += TextWrapping.lines(of: Sanitizer.visible(paragraph.joined(separator: " ")), width: text)
                        .map { TraceLine(" " + $0, .plain) }
                }
                paragraph = []
            } else {
                paragraph.append(line)
            }
        }
        rows.append(TraceLine("", .plain))
        rows.append(TraceLine(" " + Self.row(["", "files", "+", "−", "tests", "class", "roles touched"]), ShellTheme.notice))
        for figure in figures {
            let touched = figure.touched.isEmpty ? "no pattern code" : DrillsReport.roles(figure.touched)
            let line = " " + Self.row([figure.pattern.name, String(figure.files), String(figure.added), String(figure.removed),
                                       String(figure.testsAdded), figure.changeClass.rawValue, touched])
            rows.append(TraceLine(DisplayWidth.truncate(line, to: width), figure.pattern == pattern ? ShellTheme.activeTab : .plain))
        }
        let shared = report.shared(drill)
        rows.append(TraceLine(DisplayWidth.truncate(shared.files == 0 ? " shared: nothing outside the pattern modules"
            : " shared: \(shared.files) files +\(shared.added) −\(shared.removed), the same for every pattern: "
                + drill.shared.map { DrillsPanel.shortPath($0.path) }.joined(separator: ", "), to: width), ShellTheme.detail))
        rows += PanelNote.lines(note(for: pattern), width: width)
        rows.append(TraceLine("", .plain))
        let own = figures.first { $0.pattern == pattern }
        let rippled = own?.rippled ?? []
        let heading = "\(pattern.name)'s patch: expected \(DrillsReport.roles(own?.expected ?? [])) · "
            + "predicted \(DrillsReport.roles(own?.predicted ?? []))"
            + (rippled.isEmpty ? "" : " · beyond the prediction: \(DrillsReport.roles(rippled))")
        rows += TextWrapping.lines(of: heading, width: text).map { TraceLine(" " + $0, ShellTheme.notice) }
        rows += Self.diff(drill.patchTexts[pattern] ?? "", width: width)
        return rows
    }

    /// What to notice in this drill for `pattern`, from the figures: where it stayed, where it rippled.
    func note(for pattern: PatternID) -> String {
        guard report.drills.indices.contains(selected),
              let figure = report.figures[selected].first(where: { $0.pattern == pattern }) else { return "" }
        let others = report.figures[selected].filter { $0.pattern != pattern }
        let lines = figure.added + figure.removed
        let untouched = others.filter { $0.changeClass == .none }.map(\.pattern.name)
        let fewer = others.filter { $0.changeClass != .none && $0.added + $0.removed < lines }.map(\.pattern.name)
        var comparison = untouched.isEmpty ? "" : "; \(untouched.joined(separator: ", ")) needed none"
        comparison += fewer.isEmpty ? "" : "; \(fewer.joined(separator: ", ")) changed fewer lines"
        if comparison.isEmpty { comparison = ", the fewest of the four" }
        switch figure.changeClass {
        case .none:
            let tests = figure.testFiles == 0 ? "" : " (only its tests changed: \(figure.testFiles) file\(figure.testFiles == 1 ? "" : "s"))"
            return "\(pattern.name) needed no pattern code: the change stayed below the patterns" + tests
        case .local:
            return "\(pattern.name): one role (\(DrillsReport.roles(figure.touched))), \(lines) lines" + comparison
        case .nonLocal:
            let beyond = figure.rippled.isEmpty ? "" : ", beyond the prediction: \(DrillsReport.roles(figure.rippled))"
            return "\(pattern.name): \(figure.touched.count) roles, \(lines) lines\(beyond)" + comparison
        case .architectural:
            return "\(pattern.name): how the roles talk changed (\(figure.protocols.joined(separator: ", "))), \(lines) lines"
                + comparison
        }
    }

    /// A patch as coloured rows: file names, hunk headers, added and removed lines.
    static func diff(_ patch: String, width: Int) -> [TraceLine] {
        guard !patch.isEmpty else { return [TraceLine("   (empty: no change in this pattern)", ShellTheme.detail)] }
        var rows: [TraceLine] = []
        for line in patch.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line)
            if text.hasPrefix("diff --git ") {
                let path = text.split(separator: " ").last.map { String($0.dropFirst(2)) } ?? text
                rows.append(TraceLine(DisplayWidth.truncate(" " + shortPath(path), to: width), ShellTheme.location))
            } else if text.hasPrefix("@@") {
                rows.append(TraceLine(DisplayWidth.truncate(" " + text, to: width), ShellTheme.detail))
            } else if text.hasPrefix("+++") || text.hasPrefix("---") || text.hasPrefix("index ") || text.hasPrefix("new file")
                        || text.hasPrefix("deleted file") || text.hasPrefix("\\") {
                continue
            } else if text.hasPrefix("+") {
                rows.append(TraceLine(DisplayWidth.truncate(" " + Sanitizer.visible(text), to: width), ShellTheme.diffAdded))
            } else if text.hasPrefix("-") {
                rows.append(TraceLine(DisplayWidth.truncate(" " + Sanitizer.visible(text), to: width), ShellTheme.diffRemoved))
            } else if !text.isEmpty {
                rows.append(TraceLine(DisplayWidth.truncate(" " + Sanitizer.visible(text), to: width), .plain))
            }
        }
        return rows
    }

    /// `MVP/Greeting/GreetingPresenter.swift` for a pattern's file; other paths from their folder under Sources/.
    static func shortPath(_ path: String) -> String {
        for prefix in ["Sources/Patterns/", "Sources/Data/", "Sources/Instruments/", "Sources/App/", "Sources/"]
        where path.hasPrefix(prefix) {
            return String(path.dropFirst(prefix.count))
        }
        return path
    }

    /// The table's columns at fixed widths.
    private static func row(_ cells: [String]) -> String {
        let widths = [6, 6, 5, 5, 6, 14]
        return cells.enumerated().map { index, cell in
            index < widths.count ? cell + String(repeating: " ", count: max(1, widths[index] - DisplayWidth.of(cell))) : cell
        }.joined()
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        switch Keymap.command(for: key, in: id) {
        case .close?: return .close
        case .nextDrill(let forward)?:
            guard !report.drills.isEmpty else { return .consumed }
            selected = (selected + (forward ? 1 : report.drills.count - 1)) % report.drills.count
            scroll = ScrollPosition()
            return .consumed
        case .scroll?:
            let count = lines(for: context.pattern, width: context.size.width).count
            _ = scroll.handle(key, page: context.size.height - 1, content: count)
            return .consumed
        default: return .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    func draw(into canvas: Canvas, context: PanelContext) {
        ScrolledPage.draw(lines(for: context.pattern, width: canvas.size.width), scroll: scroll, keysOf: id, into: canvas)
    }
}

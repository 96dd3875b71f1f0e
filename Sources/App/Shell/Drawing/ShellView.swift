import Mediator
import Terminal
import Tracing
import Widgets

/// One frame of the shell, drawn from the state alone: header, pane titles, the module and the
/// trace pane (or the open panel), the key bar and the help. It changes no state.
@MainActor
struct ShellView {
    var state: ShellState
    var environment: ShellEnvironment

    /// Draws the frame: one erase, the parts, one present. `module` draws the live module.
    func draw(on screen: any Screen, module: (Canvas) -> Void) {
        screen.erase()
        defer { screen.present() }
        let size = screen.size
        let full = Canvas(screen: screen, bounds: Rect(origin: .zero, size: size))
        guard size.fits(ShellLayout.minimumSize) else {
            drawTooSmall(size, in: full)
            return
        }
        let layout = ShellLayout(size: size, card: state.tourCardRows)
        let registry = environment.registry
        HeaderBar(patterns: state.patterns, screen: state.screen, isMixing: state.isMixing, isAvailable: registry.isAvailable)
            .draw(in: full.subcanvas(layout.header))
        drawTitles(layout, in: full)
        if let panel = state.panel {
            let area = panel.placement == .body ? layout.body : layout.trace
            if panel.placement == .tracePane { drawModule(layout, in: full, module: module) }
            panel.draw(into: full.subcanvas(area), context: environment.panelContext(panel.placement, size: size))
        } else {
            drawModule(layout, in: full, module: module)
            TracePane.draw(environment.shownTrace.apply(state.traceFilter, to: environment.trace).entries, anchor: state.traceAnchor,
                           scroll: state.traceScroll,
                           in: full.subcanvas(layout.trace))
        }
        if let tour = state.tour, tour.isShown { TourCard(tour: tour).draw(in: full.subcanvas(layout.card)) }
        KeyBar(notice: state.notice, typing: typing).draw(in: full.subcanvas(layout.keyBar))
        if let help = state.help {
            screen.setCursor(nil)  // the overlay hides the field the cursor belongs to
            HelpOverlay(state: state, registry: registry).draw(in: full, scroll: help)
        }
    }

    /// Who has the letters, for the key bar: the trace filter being typed, or the module's focused
    /// field while the module shows (a panel over the body or the help takes every key itself).
    private var typing: KeyBar.Typing? {
        if state.help != nil { return nil }
        if state.traceFilterDraft != nil { return .traceFilter }
        return environment.moduleHasTextFocus && state.panel?.placement != .body ? .field : nil
    }

    private func drawTitles(_ layout: ShellLayout, in canvas: Canvas) {
        let rule = String(repeating: "─", count: layout.titles.width)
        canvas.draw(rule, at: Point(x: 0, y: layout.titles.minY), style: ShellTheme.rule)
        let panelContext = state.panel.map { environment.panelContext($0.placement, size: canvas.size) }
        if let panel = state.panel, let panelContext, panel.placement == .body {
            canvas.draw(" \(panel.title(in: panelContext)) ", at: Point(x: 1, y: layout.titles.minY), style: ShellTheme.paneTitle)
            return
        }
        canvas.draw("┬", at: Point(x: layout.divider.minX, y: layout.titles.minY), style: ShellTheme.rule)
        let title = " \(state.pattern.name) · \(state.screen.title) "
        canvas.draw(title, at: Point(x: 1, y: layout.titles.minY), style: ShellTheme.paneTitle)
        let paneTitle = " \(state.panel.map { $0.title(in: panelContext!) } ?? traceTitle(layout)) "
        canvas.draw(DisplayWidth.truncate(paneTitle, to: layout.trace.width - 1),
                    at: Point(x: layout.trace.minX + 1, y: layout.titles.minY), style: ShellTheme.paneTitle)
    }

    /// `Trace`, and once the page has jumped past earlier lines, the key that shows them: the reader
    /// learns why the newest action sits at the top of a half-empty pane. Scrolled back, the key
    /// that returns (the page may have free rows, so no `↓ N more` need show).
    /// With a filter, what it is and how many lines it hides; while one is typed, the typing. When
    /// the pane holds a network request, whether requests are folded, and the key that changes it.
    private func traceTitle(_ layout: ShellLayout) -> String {
        if let draft = state.traceFilterDraft { return "Trace · filter: \(draft)▏ Enter Esc" }
        let (entries, hidden, requests) = environment.shownTrace.apply(state.traceFilter, to: environment.trace)
        let folds = requests > 0 ? " · \(state.traceFilter.foldSummary)" : ""
        let filter = folds + (state.traceFilter.isActive ? " · \(state.traceFilter.summary) · \(hidden) hidden" : "")
        if state.traceScroll > 0 { return "Trace\(filter) · ] newest" }
        let earlier = TracePane.hasEarlierLines(entries, anchor: state.traceAnchor, size: layout.trace.size)
        return "Trace" + filter + (earlier ? " · [ earlier" : "")
    }

    private func drawModule(_ layout: ShellLayout, in canvas: Canvas, module: (Canvas) -> Void) {
        for row in layout.divider.minY..<layout.divider.maxY {
            canvas.draw("│", at: Point(x: layout.divider.minX, y: row), style: ShellTheme.rule)
        }
        module(canvas.subcanvas(layout.module))
    }

    private func drawTooSmall(_ size: Size, in canvas: Canvas) {
        let message = "terminal too small (\(size), needs \(ShellLayout.minimumSize))"
        // Wrapped onto as many rows as the width needs, centred, so even 20 columns show it all.
        let lines = TextWrapping.lines(of: message, width: max(1, size.width))
        let top = max(0, (size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let x = max(0, (size.width - DisplayWidth.of(line)) / 2)
            canvas.draw(line, at: Point(x: x, y: top + index), style: ShellTheme.notice)
        }
        canvas.screen.setCursor(nil)
    }
}

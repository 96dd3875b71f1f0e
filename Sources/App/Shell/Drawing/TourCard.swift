import Terminal
import Tour
import Widgets

/// The tour's card: the step `k/N` and its title, ✓ once the trace has shown what the step expects,
/// the step's text (or its hint), and the card's keys from the key map. It has rows of its own
/// between the body and the key bar (`ShellLayout.card`), so it hides no pane a step points at.
struct TourCard {
    var tour: TourState

    @MainActor
    func draw(in canvas: Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        guard height >= 3, width > 4 else { return }
        let step = tour.current
        let number = "Tour \(tour.step + 1)/\(tour.guide.tour.steps.count)"
        let status = tour.isPlaying ? "▶ playing the solution " : tour.isCurrentDone ? "✓ done " : ""
        let look = " look: \(step.pane.rawValue) "
        canvas.draw(String(repeating: "─", count: width), at: .zero, style: ShellTheme.rule)
        let titleRoom = max(0, width - 2 - DisplayWidth.of(status) - DisplayWidth.of(look) - 2)
        let title = DisplayWidth.truncate(" \(number) · \(step.title) ", to: titleRoom)
        canvas.draw(title, at: Point(x: 1, y: 0), style: ShellTheme.paneTitle)
        canvas.draw(status, at: Point(x: 1 + DisplayWidth.of(title), y: 0), style: ShellTheme.networkOK)
        canvas.draw(look, at: Point(x: max(0, width - 1 - DisplayWidth.of(look)), y: 0), style: ShellTheme.keyLabel)
        let text = tour.showsHint ? "Hint: " + step.hint : step.text
        let room = height - 2
        var lines = TextWrapping.lines(of: text, width: width - 2)
        if lines.count > room {
            lines = Array(lines.prefix(room))
            lines[room - 1] = DisplayWidth.truncate(lines[room - 1] + " …", to: width - 2)
        }
        for (row, line) in lines.enumerated() {
            canvas.draw(line, at: Point(x: 1, y: 1 + row), style: tour.showsHint ? ShellTheme.notice : .plain)
        }
        let keyLine = canvas.subcanvas(Rect(x: 0, y: height - 1, width: width, height: 1))
        var x = 1
        for binding in Keymap.bindings(in: .tour) {
            let item = (keys: binding.keys, label: binding.label ?? "")
            guard x + KeyBar.width(of: item) <= width else { break }
            KeyBar.draw(item, at: &x, in: keyLine)
        }
    }
}

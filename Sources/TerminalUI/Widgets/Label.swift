import Terminal
import Tracing

/// Read-only text: one line by default, or wrapped by display width (CJK-safe).
@MainActor
package final class Label: View {
    /// The text shown. Newlines start new lines.
    package var text: String {
        didSet {
            guard text != oldValue else { return }
            @Traced(.view, self, "text = \(DisplayWidth.truncate(text, to: 40))") var call
            // A wrapping label may need more or fewer rows: its container lays out again,
            // as a change of intrinsic content size does in UIKit.
            if numberOfLines != 1 { superview?.setNeedsLayout() }
            setNeedsDisplay()
        }
    }
    /// How the text looks.
    package var style: Style { didSet { setNeedsDisplay() } }
    /// Where each line sits horizontally.
    package var alignment: TextAlignment { didSet { setNeedsDisplay() } }
    /// The most lines to show; 0 wraps to as many as the text needs. The last shown line ends
    /// in `…` when text is cut.
    package var numberOfLines: Int { didSet { setNeedsDisplay() } }

    /// Creates a label; it sizes itself through `sizeThatFits(_:)` or an explicit frame.
    package init(
        text: String = "", style: Style = Theme.plain, alignment: TextAlignment = .left, numberOfLines: Int = 1,
        frame: Rect = .zero
    ) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.numberOfLines = numberOfLines
        super.init(frame: frame)
    }

    /// The text's width and height in cells, wrapped to `size.width` when lines may wrap.
    package override func sizeThatFits(_ size: Size) -> Size {
        let lines = visibleLines(width: numberOfLines == 1 ? Int.max / 2 : max(1, size.width))
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        return Size(width: width, height: max(1, lines.count))
    }

    /// Draws the visible lines, each aligned within the bounds.
    package override func draw(in canvas: Canvas) {
        let lines = visibleLines(width: canvas.size.width)
        for (row, line) in lines.enumerated() where row < canvas.size.height {
            let fitted = DisplayWidth.truncate(line, to: canvas.size.width)
            let slack = canvas.size.width - DisplayWidth.of(fitted)
            let x = switch alignment {
            case .left: 0
            case .center: slack / 2
            case .right: slack
            }
            canvas.draw(fitted, at: Point(x: x, y: row), style: style)
        }
    }

    /// The lines to show at `width`: wrapped, limited to `numberOfLines`, with an ellipsis when cut.
    private func visibleLines(width: Int) -> [String] {
        guard width > 0 else { return [] }
        if numberOfLines == 1 {
            let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return [text.contains("\n") ? firstLine + "…" : firstLine]
        }
        var lines = TextWrapping.lines(of: text, width: width)
        if numberOfLines > 0, lines.count > numberOfLines {
            lines = Array(lines.prefix(numberOfLines))
            let last = lines[lines.count - 1]
            // Either "last…" fits, or truncate cuts it and puts its own ellipsis at the end.
            lines[lines.count - 1] = DisplayWidth.truncate(last + "…", to: width)
        }
        return lines
    }
}

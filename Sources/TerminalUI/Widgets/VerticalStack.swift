import Terminal

/// Lays views out top to bottom, full width, each as tall as `sizeThatFits` asks, so a form's
/// `layoutSubviews` is one line:
///
///     VerticalStack(spacing: 1, margin: 1).layout([title, firstName, lastName, button], in: bounds)
package struct VerticalStack: Sendable {
    /// Blank rows between two views.
    package var spacing: Int
    /// Blank cells around the whole stack (left, right and top).
    package var margin: Int

    /// Creates a stack layout with the given spacing between views and margin around them.
    package init(spacing: Int = 1, margin: Int = 0) {
        self.spacing = spacing
        self.margin = margin
    }

    /// Sets the frames of the visible `views` inside `rect`. `flexible`, if one of them, gets
    /// the height left over (a list under a form). Returns the row just below the last view.
    @MainActor
    @discardableResult
    package func layout(_ views: [View], in rect: Rect, filling flexible: View? = nil) -> Int {
        let area = rect.inset(top: margin, left: margin, right: margin)
        let shown = views.filter { !$0.isHidden }
        var heights = shown.map { view in
            view === flexible ? 0 : view.sizeThatFits(Size(width: area.width, height: area.height)).height
        }
        if let index = shown.firstIndex(where: { $0 === flexible }) {
            let used = heights.reduce(0, +) + spacing * max(0, shown.count - 1)
            heights[index] = max(0, area.height - used)
        }
        var y = area.minY
        for (view, height) in zip(shown, heights) {
            view.frame = Rect(x: area.minX, y: y, width: area.width, height: height)
            y += height + spacing
        }
        return shown.isEmpty ? area.minY : y - spacing
    }

    /// The height the visible `views` need at `width`, margins included.
    @MainActor
    package func height(of views: [View], width: Int) -> Int {
        let shown = views.filter { !$0.isHidden }
        let inner = max(0, width - 2 * margin)
        let content = shown.reduce(0) { $0 + $1.sizeThatFits(Size(width: inner, height: Int.max / 4)).height }
        return margin + content + spacing * max(0, shown.count - 1)
    }
}

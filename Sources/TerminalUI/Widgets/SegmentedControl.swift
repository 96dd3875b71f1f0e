import Terminal
import Tracing

/// A row of mutually exclusive choices: `[Rent]| New homes | Second-hand | All `. The chosen
/// segment is bracketed (readable without colour) and highlighted; ←/→ change it while focused.
@MainActor
package final class SegmentedControl: View {
    /// What a segmented control reports to its targets.
    package enum Event: Sendable, Hashable {
        /// The user chose another segment.
        case valueChanged
    }

    /// The segment titles, left to right.
    package var segments: [String] {
        didSet {
            selectedIndex = min(selectedIndex, max(0, segments.count - 1))
            setNeedsDisplay()
        }
    }

    /// The chosen segment. Setting it in code sends no event.
    package var selectedIndex: Int {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }

    private var actions: [TargetAction] = []

    /// Creates a control with the first (or `selectedIndex`) segment chosen.
    package init(segments: [String], selectedIndex: Int = 0, frame: Rect = .zero) {
        self.segments = segments
        self.selectedIndex = max(0, min(selectedIndex, segments.count - 1))
        super.init(frame: frame)
    }

    /// Sends `action` to `target` when `event` happens. The target is held weakly.
    package func addTarget<T: AnyObject>(
        _ target: T, action: @escaping @MainActor (T) -> () -> Void, for event: Event = .valueChanged
    ) {
        actions.removeAll { !$0.isAlive }
        actions.append(TargetAction(target: target, action: action))
    }

    /// The chosen segment's title, or nil when there are no segments.
    package var selectedSegment: String? {
        segments.indices.contains(selectedIndex) ? segments[selectedIndex] : nil
    }

    /// Focusable when there is something to choose.
    package override var canBecomeFocused: Bool { !segments.isEmpty }

    /// ←/→ choose the neighbouring segment (stopping at the ends); both are consumed while focused.
    package override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left: select(selectedIndex - 1)
        case .right: select(selectedIndex + 1)
        default: return false
        }
        return true
    }

    /// A click on a segment focuses the control and chooses the segment, as ←/→ would.
    package override func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.isClick else { return false }
        window?.focus(self)
        var x = 0
        for (index, segment) in segments.enumerated() {
            let width = DisplayWidth.of(segment) + 2
            if event.position.x < x + width {
                select(index)
                break
            }
            x += width + 1  // the separator belongs to no segment
            if event.position.x < x { break }
        }
        return true
    }

    /// All segments with their padding and separators, one row.
    package override func sizeThatFits(_ size: Size) -> Size {
        let width = segments.reduce(0) { $0 + DisplayWidth.of($1) + 2 } + max(0, segments.count - 1)
        return Size(width: width, height: 1)
    }

    /// Draws the segments, the chosen one bracketed and highlighted.
    package override func draw(in canvas: Canvas) {
        var x = 0
        for (index, segment) in segments.enumerated() {
            if index > 0 { x += canvas.draw("|", at: Point(x: x, y: 0), style: Theme.dim) }
            let isSelected = index == selectedIndex
            let text = isSelected ? "[\(segment)]" : " \(segment) "
            let style = isSelected ? (isFocused ? Theme.focused : Theme.accent.with(.bold)) : Theme.plain
            x += canvas.draw(text, at: Point(x: x, y: 0), style: style)
        }
    }

    private func select(_ index: Int) {
        let clamped = max(0, min(index, segments.count - 1))
        guard clamped != selectedIndex else { return }
        selectedIndex = clamped
        @Traced(.view, self, "select [\(segments[clamped])]") var call
        for action in actions { action() }
    }
}

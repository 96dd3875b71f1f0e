/// One mouse report, in screen cells: a button pressed or released, or the wheel turned.
///
/// mvx acts on presses (as htop and lazygit do): a click is a press of the left button. The
/// terminal reports the wheel as presses of buttons 4 and 5, which arrive here as `.wheelUp` and
/// `.wheelDown`. Mouse reporting is only ever on when the user did not pass `--no-mouse` and the
/// terminal can report it, so the terminal's own text selection works otherwise.
// Public only because `View`'s open methods take it; its members are package.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// The mouse buttons mvx tells apart.
    package enum Button: Hashable, Sendable {
        case left, middle, right
    }

    /// What happened.
    package enum Kind: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case wheelUp
        case wheelDown
    }

    /// The button pressed or released, or the wheel's direction.
    package var kind: Kind
    /// The cell under the pointer, zero-based from the screen's top-left corner.
    package var position: Point
    /// 1 for a single click, 2 for a double click (a second press on the same cell soon after the
    /// first; see `ClickCounter`). The terminal layer always reports 1: only the app knows time.
    package var clickCount: Int

    /// An event of `kind` at `position` (screen cells from 0), a single click unless told.
    package init(_ kind: Kind, at position: Point, clickCount: Int = 1) {
        self.kind = kind
        self.position = position
        self.clickCount = clickCount
    }

    /// A press of the left button: what selects, focuses and presses.
    package var isClick: Bool { kind == .press(.left) }

    /// The same event at a position relative to `origin` (a view's or a pane's top-left corner).
    package func offset(by origin: Point) -> MouseEvent {
        MouseEvent(kind, at: Point(x: position.x - origin.x, y: position.y - origin.y), clickCount: clickCount)
    }

    /// A short human name, as the trace pane prints it: `Click 12,4`, `Double-click 3,7`, `Wheel ↓`.
    public var description: String {
        let cell = "\(position.x),\(position.y)"
        switch kind {
        case .press(.left): return (clickCount > 1 ? "Double-click " : "Click ") + cell
        case .press(.middle): return "Middle-click " + cell
        case .press(.right): return "Right-click " + cell
        case .release: return "Release " + cell
        case .wheelUp: return "Wheel ↑"
        case .wheelDown: return "Wheel ↓"
        }
    }
}

/// Turns left-button presses into single and double clicks: a press on the same cell as the
/// previous one, within `interval` of it, is a double click (a third starts over). Time is passed
/// in, so tests give instants instead of sleeping.
package struct ClickCounter: Sendable {
    /// How long after a click a second one still counts as a double click.
    package static let defaultInterval: Duration = .milliseconds(400)

    /// The longest gap between the two presses of a double click.
    package let interval: Duration
    private var last: (position: Point, time: ContinuousClock.Instant, count: Int)?

    /// A counter that has seen no click yet.
    package init(interval: Duration = ClickCounter.defaultInterval) {
        self.interval = interval
    }

    /// `event` with its click count set, given when it arrived. Only left presses are counted;
    /// any other event passes through unchanged (and a wheel turn or another button does not
    /// break a double click, as terminals' own selection does not either).
    package mutating func count(_ event: MouseEvent, at time: ContinuousClock.Instant) -> MouseEvent {
        guard event.isClick else { return event }
        var counted = event
        if let last, last.position == event.position, last.count == 1, time >= last.time, time - last.time <= interval {
            counted.clickCount = 2
        } else {
            counted.clickCount = 1
        }
        last = (event.position, time, counted.clickCount)
        return counted
    }
}

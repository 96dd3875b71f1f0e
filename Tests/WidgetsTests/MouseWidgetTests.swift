import Terminal
import Testing
import Widgets

@MainActor
private final class Taps {
    var count = 0
    func didTap() { count += 1 }
}

@MainActor
private final class Rows: ListViewDataSource, ListViewDelegate {
    let count: Int
    var moves: [Int] = []
    var opened: [Int] = []

    init(count: Int) { self.count = count }

    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell { ListCell(title: "Flat \(row)", subtitle: "Area") }
    func listView(_ listView: ListView, didSelectRow row: Int) { opened.append(row) }
    func listView(_ listView: ListView, didMoveSelectionTo row: Int) { moves.append(row) }
}

/// Clicks and the wheel on widgets in a window drawn away from the screen's corner (issue 12 §4):
/// the window turns screen cells into each view's own, and each control does with a click what it
/// does with its keys.
@MainActor
@Suite struct MouseWidgetTests {
    private let field = TextField(title: "Name")
    private let button = Button(title: "Show")
    private let segments = SegmentedControl(segments: ["Rent", "New", "All"])
    private let list = ListView()
    private let rows = Rows(count: 10)
    private let taps = Taps()
    private let window: Window
    /// Where the window is drawn on the screen.
    private let origin = Point(x: 3, y: 2)

    init() {
        button.addTarget(taps, action: Taps.didTap)
        list.dataSource = rows
        list.delegate = rows
        let stack = StackView(arrangedSubviews: [field, button, segments, list], spacing: 0, flexibleView: list)
        window = Window(rootViewController: FormViewController(views: []))
        window.rootViewController.view.addSubview(stack)
        stack.frame = Rect(x: 0, y: 0, width: 30, height: 12)
        window.appear()
        let screen = MemoryScreen(size: Size(width: 40, height: 20))
        window.render(in: Canvas(screen: screen, bounds: Rect(origin: origin, size: Size(width: 30, height: 12))))
    }

    /// A left click on cell (x, y) of `view`, in screen coordinates.
    private func click(_ view: View, x: Int = 1, y: Int = 0, count: Int = 1) -> MouseEvent {
        var point = Point(x: origin.x + view.frame.minX + x, y: origin.y + view.frame.minY + y)
        var superview = view.superview
        while let parent = superview, parent !== window.rootViewController.view {
            point = Point(x: point.x + parent.frame.minX, y: point.y + parent.frame.minY)
            superview = parent.superview
        }
        return MouseEvent(.press(.left), at: point, clickCount: count)
    }

    @Test func aClickPressesTheButtonOnceAndFocusesIt() {
        #expect(window.handleMouse(click(button)))
        #expect(taps.count == 1)
        #expect(window.focusedView === button)
        // Its release, the other buttons and a click on a disabled button press nothing.
        var release = click(button)
        release.kind = .release(.left)
        #expect(!window.handleMouse(release))
        #expect(!window.handleMouse(MouseEvent(.press(.right), at: click(button).position)))
        button.isEnabled = false
        _ = window.handleMouse(click(button))
        #expect(taps.count == 1)
    }

    @Test func aClickPutsTheFocusInATextField() {
        window.focus(button)
        #expect(window.handleMouse(click(field, x: 8)))
        #expect(window.focusedView === field)
        #expect(taps.count == 0)
    }

    @Test func aClickOnASegmentChoosesIt() {
        // " Rent " is selected as "[Rent]"; "|" then " New " at 7…11.
        #expect(window.handleMouse(click(segments, x: 8)))
        #expect(segments.selectedIndex == 1)
        #expect(window.focusedView === segments)
        _ = window.handleMouse(click(segments, x: 6))  // the separator: nothing chosen
        #expect(segments.selectedIndex == 1)
    }

    @Test func aClickSelectsARowAndADoubleClickOpensIt() {
        #expect(window.handleMouse(click(list, y: 5)))  // two lines a row: row 2
        #expect(list.selectedRow == 2)
        #expect(rows.moves == [2])
        #expect(rows.opened.isEmpty)
        #expect(window.focusedView === list)
        #expect(window.handleMouse(click(list, y: 4, count: 2)))
        #expect(rows.opened == [2])
        #expect(rows.moves == [2])  // the same row: no second move
    }

    @Test func theWheelMovesTheListSelection() {
        let over = click(list, y: 1).position
        #expect(window.handleMouse(MouseEvent(.wheelDown, at: over)))
        #expect(window.handleMouse(MouseEvent(.wheelDown, at: over)))
        #expect(list.selectedRow == 1)
        #expect(window.handleMouse(MouseEvent(.wheelUp, at: over)))
        #expect(list.selectedRow == 0)
        #expect(rows.moves == [0, 1, 0])
    }

    @Test func clicksOutsideTheWindowOrOnNothingAreNotConsumed() {
        #expect(!window.handleMouse(MouseEvent(.press(.left), at: Point(x: 0, y: 0))))
        #expect(!window.handleMouse(MouseEvent(.press(.left), at: Point(x: origin.x + 29, y: origin.y + 1))))
        #expect(taps.count == 0)
        #expect(window.view(at: click(button).position) === button)
    }
}

import Terminal
import Testing
import Widgets

/// A view that records the keys it is offered, for responder-chain tests.
@MainActor
private final class RecordingView: View {
    let name: String
    let log: @MainActor (String) -> Void
    let focusable: Bool

    init(_ name: String, focusable: Bool = false, log: @escaping @MainActor (String) -> Void) {
        self.name = name
        self.focusable = focusable
        self.log = log
        super.init(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    }

    override var canBecomeFocused: Bool { focusable }
    override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }
    override func handleKey(_ key: Key) -> Bool {
        log(name)
        return false
    }
}

@MainActor
@Suite struct WindowTests {
    @Test func firstFocusableViewThatIsNotATextFieldIsFocusedOnAppear() {
        let title = Label(text: "Greeting")
        let first = TextField(title: "First name")
        let show = Button(title: "Show")
        let window = Window(rootViewController: FormViewController(views: [title, first, show]))
        #expect(window.focusedView == nil)
        window.appear()
        // Not the text field: keys like q would be typed into it rather than reach the shell.
        #expect(window.focusedView === show)
        #expect(show.isFocused && !first.isFocused)
    }

    @Test func arrowsMoveFocusThroughTheForm() {
        let first = TextField(title: "First name")
        let last = TextField(title: "Last name")
        let button = Button(title: "Show greeting")
        let hidden = Button(title: "Hidden")
        hidden.isHidden = true
        let window = Window(rootViewController: FormViewController(views: [first, last, hidden, button]))
        window.appear()
        window.focus(first)
        #expect(window.handleKey(.down))
        #expect(window.focusedView === last)
        #expect(window.handleKey(.down))
        #expect(window.focusedView === button)  // hidden views are skipped
        #expect(window.handleKey(.down))
        #expect(window.focusedView === first)  // wraps around
        #expect(window.handleKey(.up))
        #expect(window.focusedView === button)
    }

    @Test func printableKeysGoUpWhenNoFieldConsumesThem() {
        let controller = FormViewController(views: [Button(title: "Go")])
        let window = Window(rootViewController: controller)
        window.appear()
        #expect(!window.handleKey(.character("q")))
        #expect(controller.offeredKeys == [.character("q")])
        controller.consumes = [.character("g")]
        #expect(window.handleKey(.character("g")))
    }

    @Test func responderChainRunsFromFocusedViewToNavigationController() {
        var order: [String] = []
        let log: @MainActor (String) -> Void = { order.append($0) }
        let inner = RecordingView("inner", focusable: true, log: log)
        let outer = RecordingView("outer", log: log)
        outer.addSubview(inner)
        let root = FormViewController(title: "Root", views: [Label(text: "root")])
        let detail = FormViewController(title: "Detail", views: [outer])
        root.log = log
        detail.log = log
        let navigation = NavigationController(rootViewController: root)
        navigation.pushViewController(detail)
        let window = Window(rootViewController: navigation)
        window.appear()
        order.removeAll()
        #expect(window.focusedView === inner)
        #expect(!window.handleKey(.character("x")))
        #expect(order == ["inner", "outer", "Detail.handleKey"])
        order.removeAll()
        #expect(window.handleKey(.escape))  // navigation controller pops after the others passed
        #expect(order.prefix(4) == ["inner", "outer", "Detail.handleKey", "Detail.viewWillDisappear"])
        #expect(navigation.topViewController === root)
    }

    @Test func needsDisplayIsCoalescedUntilTheNextRender() {
        let label = Label(text: "a")
        let window = Window(rootViewController: FormViewController(views: [label]))
        var requests = 0
        window.onNeedsDisplay = { requests += 1 }
        _ = render(window, size: Size(width: 10, height: 2))
        label.text = "b"
        label.text = "c"
        #expect(requests == 1)
        let screen = render(window, size: Size(width: 10, height: 2))
        #expect(screen.text.hasPrefix("c"))
        #expect(requests == 1)  // drawing itself asks for nothing
        label.text = "d"
        #expect(requests == 2)
    }

    @Test func verticalStackGivesTheFlexibleViewTheRest() {
        let heading = Label(text: "Listings")
        let list = ListView()
        let footer = Label(text: "3 results")
        let bottom = VerticalStack(spacing: 1, margin: 1).layout(
            [heading, list, footer], in: Rect(x: 0, y: 0, width: 20, height: 12), filling: list)
        #expect(heading.frame == Rect(x: 1, y: 1, width: 18, height: 1))
        #expect(list.frame == Rect(x: 1, y: 3, width: 18, height: 7))
        #expect(footer.frame == Rect(x: 1, y: 11, width: 18, height: 1))
        #expect(bottom == 12)
    }
}

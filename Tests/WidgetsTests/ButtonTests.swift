import Terminal
import Testing
import Tracing
import Widgets

@MainActor
private final class Receiver {
    var taps = 0
    func didTap() { taps += 1 }
}

@MainActor
@Suite struct ButtonTests {
    @Test func drawsBracketedTitleAndHighlightsWhenFocused() {
        let button = Button(title: "Show greeting")
        let controller = FormViewController(views: [button])
        let window = Window(rootViewController: controller)
        let unfocused = render(button, size: Size(width: 20, height: 1))
        #expect(unfocused.text == "[ Show greeting ]")
        #expect(unfocused.cell(x: 0, y: 0).style == Theme.plain)

        window.appear()
        #expect(button.isFocused)
        let focused = render(window, size: Size(width: 20, height: 1))
        #expect(focused.text == "[ Show greeting ]")
        #expect(focused.cell(x: 2, y: 0).style == Theme.focused)
        #expect(button.sizeThatFits(Size(width: 80, height: 1)) == Size(width: 17, height: 1))
    }

    @Test func enterAndSpaceSendTheAction() {
        let button = Button(title: "Go")
        let receiver = Receiver()
        button.addTarget(receiver, action: Receiver.didTap)
        #expect(button.handleKey(.enter))
        #expect(button.handleKey(.character(" ")))
        #expect(!button.handleKey(.character("x")))
        #expect(receiver.taps == 2)
    }

    @Test func releasedTargetIsNotCalledAndNotRetained() {
        let button = Button(title: "Go")
        weak var weakReceiver: Receiver?
        do {
            let receiver = Receiver()
            weakReceiver = receiver
            button.addTarget(receiver, action: Receiver.didTap)
        }
        #expect(weakReceiver == nil)
        #expect(button.handleKey(.enter))  // still consumed, nobody called, no crash
    }

    @Test func tapIsTraced() {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let button = Button(title: "Show greeting")
        tracer.perform("Enter", pattern: "MVC") {
            _ = button.handleKey(.enter)
        }
        #expect(buffer.events.map(\.detail) == ["tap [Show greeting]"])
        #expect(buffer.events.first?.role == .view)
        #expect(buffer.events.first?.type == "Button")
    }

    @Test func disabledButtonSendsNothingAndIsNotFocusable() {
        let button = Button(title: "Go")
        let receiver = Receiver()
        button.addTarget(receiver, action: Receiver.didTap)
        button.isEnabled = false
        _ = button.handleKey(.enter)
        #expect(receiver.taps == 0)
        #expect(!button.canBecomeFocused)
    }
}

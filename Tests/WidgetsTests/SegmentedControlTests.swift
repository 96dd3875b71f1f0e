import Terminal
import Testing
import Tracing
import Widgets

@MainActor
private final class FilterObserver {
    var changes = 0
    func filterChanged() { changes += 1 }
}

@MainActor
@Suite struct SegmentedControlTests {
    @Test func drawsSegmentsWithTheSelectedOneBracketed() {
        let control = SegmentedControl(segments: ["Rent", "New homes", "Second-hand", "All"])
        let screen = render(control, size: Size(width: 40, height: 1))
        #expect(screen.text == "[Rent]| New homes | Second-hand | All")
        #expect(control.sizeThatFits(Size(width: 80, height: 1)).width == 38)
    }

    @Test func arrowsChangeTheSelectionAndSendValueChanged() {
        let control = SegmentedControl(segments: ["Rent", "New homes", "All"])
        let observer = FilterObserver()
        control.addTarget(observer, action: FilterObserver.filterChanged, for: .valueChanged)
        let buffer = TraceBuffer()
        Tracer(sinks: [buffer]).perform("→", pattern: "MVVM") {
            #expect(control.handleKey(.right))
        }
        #expect(control.selectedIndex == 1)
        #expect(control.selectedSegment == "New homes")
        #expect(buffer.events.map(\.detail) == ["select [New homes]"])
        _ = control.handleKey(.right)
        #expect(control.handleKey(.right))  // at the end: consumed, unchanged, no event
        #expect(control.selectedIndex == 2)
        #expect(observer.changes == 2)
        _ = control.handleKey(.left)
        #expect(control.selectedIndex == 1)
        #expect(observer.changes == 3)
        let screen = render(control, size: Size(width: 40, height: 1))
        #expect(screen.text == " Rent |[New homes]| All")
        #expect(!control.handleKey(.down))
    }

    @Test func settingSelectedIndexInCodeSendsNothing() {
        let control = SegmentedControl(segments: ["A", "B"])
        let observer = FilterObserver()
        control.addTarget(observer, action: FilterObserver.filterChanged)
        control.selectedIndex = 1
        #expect(observer.changes == 0)
    }
}

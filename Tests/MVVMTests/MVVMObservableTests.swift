import Testing
@testable import MVVM

/// The binding itself: what every MVVM view here relies on.
@MainActor
@Suite("MVVM: Observable, the binding")
struct MVVMObservableTests {
    @Test("a bound method runs at once with the current value, then on every change")
    func bindFiresNowAndOnChange() {
        let observable = Observable("a", name: "a")
        let recorder = MVVMRecorder(observable)
        observable.value = "b"
        observable.value = "c"
        #expect(recorder.values == ["a", "b", "c"])
    }

    @Test("setting an equal value notifies nobody")
    func equalValueIsQuiet() {
        let observable = Observable(1, name: "one")
        let recorder = MVVMRecorder(observable)
        observable.value = 1
        #expect(recorder.values == [1])
    }

    @Test("the observer is held weakly: a binding keeps no view alive")
    func observerHeldWeakly() {
        let observable = Observable(0, name: "zero")
        var recorder: MVVMRecorder<Int>? = MVVMRecorder(observable)
        weak let released = recorder
        recorder = nil
        observable.value = 1  // reaches nobody, and does not crash
        #expect(released == nil)
    }
}

@testable import MVVM
import TestSupport
import Testing

/// Binds to one output of a view model the way a view does, and keeps every value it was shown:
/// the whole "view" a view-model test needs.
@MainActor
final class MVVMRecorder<Value: Equatable & Sendable> {
    private(set) var values: [Value] = []
    private let arrivals = Arrivals()

    init(_ output: Observable<Value>) {
        output.bind(self, MVVMRecorder.show)
    }

    /// What a bound view would show now.
    var last: Value? { values.last }

    /// Returns once `count` values were shown (the bound current one included): a load lands on a
    /// later turn, and its value is the event to wait for (within `WaitLimit`).
    func until(count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await arrivals.until(count, sourceLocation: sourceLocation)
    }

    private func show(_ value: Value) {
        values.append(value)
        arrivals.arrived()
    }
}

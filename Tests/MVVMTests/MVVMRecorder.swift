@testable import MVVM

/// Binds to one output of a view model the way a view does, and keeps every value it was shown:
/// the whole "view" a view-model test needs.
@MainActor
final class MVVMRecorder<Value: Equatable & Sendable> {
    private(set) var values: [Value] = []

    init(_ output: Observable<Value>) {
        output.bind(self, MVVMRecorder.show)
    }

    /// What a bound view would show now.
    var last: Value? { values.last }

    private func show(_ value: Value) {
        values.append(value)
    }
}

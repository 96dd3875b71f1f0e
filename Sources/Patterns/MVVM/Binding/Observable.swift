import Tracing

/// A value a view binds to: MVVM's binding, written out in a few lines instead of taken from a
/// reactive framework (Orlov: binding is the heart of MVVM, and reactive call stacks are hard to
/// debug — here a change is one synchronous call from the view model's setter to the view's method).
///
/// The view model owns its `Observable`s and is the only one that sets `value`; a view binds one
/// of its methods to each. Like a target-action target, the observer is held weakly, so a binding
/// can never keep a view alive nor form a cycle with the view model the view owns.
///
/// A change is one line in the trace, under the view model's method that set it and over the view
/// methods it calls (`Binding Observable.value  rows → 1 observer`): where MVP's presenter calls its
/// view, here the view model only sets a value and the binding tells the view.
///
/// Not Swift's `@Observable`: Observation reports a change *before* it happens (`willSet`), once per
/// registration, and a UIKit-style view must re-register and apply it on a later turn. Here every
/// change reaches the view before the setter returns, in the same key press — and in the trace.
@MainActor
final class Observable<Value: Equatable> {
    /// The current value. Setting an equal value notifies nobody.
    var value: Value {
        didSet {
            guard value != oldValue else { return }
            observers.removeAll { !$0.isAlive }
            @Traced(.binding, typeName: "Observable", "\(name) → \(observers.count) observer\(observers.count == 1 ? "" : "s")",
                    function: "value") var call
            for observer in observers { observer.send(value) }
        }
    }

    /// The view model's name for it (`rows`), for the trace.
    let name: String
    private var observers: [Observer] = []

    init(_ value: Value, name: String) {
        self.value = value
        self.name = name
    }

    /// Calls `observer`'s `action` with the current value now, then with every new value for as
    /// long as `observer` lives.
    ///
    ///     viewModel.greeting.bind(self, GreetingViewController.showGreeting)
    func bind<Target: AnyObject>(_ observer: Target, _ action: @escaping @MainActor (Target) -> (Value) -> Void) {
        let binding = Observer(observer, action)
        observers.append(binding)
        binding.send(value)
    }

    /// One bound method, its target held weakly.
    @MainActor
    private struct Observer {
        let send: @MainActor (Value) -> Void
        private let isTargetAlive: @MainActor () -> Bool

        init<Target: AnyObject>(_ target: Target, _ action: @escaping @MainActor (Target) -> (Value) -> Void) {
            send = { [weak target] value in
                guard let target else { return }
                action(target)(value)
            }
            isTargetAlive = { [weak target] in target != nil }
        }

        var isAlive: Bool { isTargetAlive() }
    }
}

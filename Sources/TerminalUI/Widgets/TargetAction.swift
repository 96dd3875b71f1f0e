/// One UIKit-style target-action pair. The target is held weakly: a controller that went away
/// simply stops receiving actions, and a control never keeps its controller alive.
@MainActor
struct TargetAction {
    private let send: @MainActor () -> Void
    private let isTargetAlive: @MainActor () -> Bool

    init<T: AnyObject>(target: T, action: @escaping @MainActor (T) -> () -> Void) {
        send = { [weak target] in
            guard let target else { return }
            action(target)()
        }
        isTargetAlive = { [weak target] in target != nil }
    }

    /// Whether the target still exists (dead pairs are pruned on the next `addTarget`).
    var isAlive: Bool { isTargetAlive() }

    /// Calls the action on the target, or does nothing when the target is gone.
    func callAsFunction() { send() }
}

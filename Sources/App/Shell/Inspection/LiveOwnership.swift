import Mediator
import ObjectGraph
import PatternVocabulary
import Terminal
import Widgets

/// The ownership panel's window on the live module: its graph when asked, whether the module or
/// its navigation changed since a stamp, the graph of the module torn down last, whose weak
/// handles say what outlived it, and the capture of the screen in every pattern. The module host
/// owns it and `AppShell` reads it for the ownership panel's effects, so the panel stays a value and
/// the reducer never touches the live module.
@MainActor
package final class LiveOwnership {
    private weak var host: ModuleHost?
    private let context: ModuleContext
    /// The module torn down last, as it was just before.
    private var departed: (label: String, graph: ObjectGraph)?
    private var everyPattern: Task<Void, Never>?
    /// Waits for the network to be quiet after a teardown: a cancelled request's task keeps its
    /// service and manager until it ends (measured: one turn or a few), so the count is final only then.
    private var settling: Task<Void, Never>?
    private var isSettled = true

    init(host: ModuleHost, context: ModuleContext) {
        self.host = host
        self.context = context
    }

    /// `MVP greeting`: the module on show, as the panel names it.
    var label: String {
        host?.built.map { "\($0.pattern.name) \($0.screen.title.lowercased())" } ?? ""
    }

    /// Identifies the module on show and its view controllers: a switch or a navigation push
    /// changes it, a key that only edits state does not. Addresses alone are not enough: a module
    /// built after the last one was freed can sit at its address (after `4` in a debug build it
    /// did, and the panel kept the old pattern's graph), so the build's number and each
    /// controller's type count too.
    var stamp: Stamp {
        guard let host, let module = host.module else { return Stamp(build: 0, objects: []) }
        var identities = [ObjectIdentifier(module)]
        var pending = [module.rootViewController]
        while let controller = pending.popLast() {
            identities += [ObjectIdentifier(controller), ObjectIdentifier(type(of: controller))]
            pending += controller.children
        }
        return Stamp(build: host.buildNumber, objects: identities)
    }

    /// What `stamp` compares: identities only, so the shell's state may hold it as a value.
    package struct Stamp: Equatable, Sendable {
        var build: Int
        var objects: [ObjectIdentifier]
    }

    /// The graph of the module on show.
    package func capture() -> OwnershipSnapshot? {
        guard let module = host?.module, let pattern = host?.built?.pattern else { return nil }
        return OwnershipSnapshot(ModuleGraph.of(module, appState: context.appState), label: label, pattern: pattern)
    }

    /// Keeps the graph of the module about to be torn down when the panel is open (`keep`), so
    /// that a switch without it costs no reflection; forgets the one before either way. Only
    /// identities matter for counting survivors, so the declarations are not read.
    func moduleWillTearDown(keep: Bool) {
        departed = nil
        guard keep, let module = host?.module else { return }
        departed = (label, ObjectGraph(roots: [("module", module)], scope: ModuleGraph.scope, strengths: DeclaredStrengths()))
        isSettled = false
        settling?.cancel()
        settling = Task { [weak self, monitor = context.network.monitor] in
            await monitor.untilSettled()
            guard let self, !Task.isCancelled else { return }
            isSettled = true
            host?.onNeedsDisplay?()  // the frame that shows the final count
        }
    }

    /// Waits until the departed module's count is final (tests and goldens).
    package func departedSettled() async { await settling?.value }

    /// What became of the departed module, counted now: its objects still alive, by their weak
    /// handles. What the shared context holds (the model, the network's notifier and picture
    /// loader) outlives every module by design and is left out.
    var freed: FreedObjects? {
        guard let departed else { return nil }
        let shared = sharedObjects
        let own = departed.graph.nodes.filter { !shared.contains($0.id) }
        let survivors = departed.graph.survivors().filter { !shared.contains($0.id) }
        return FreedObjects(label: departed.label, objects: own.count, survivors: survivors.map(\.typeName), isFinal: isSettled)
    }

    /// The shared model and the objects the network environment stores itself, found by reflection
    /// one level deep (through optionals): what every module may reach and none owns.
    private lazy var sharedObjects: Set<ObjectIdentifier> = {
        var shared: Set<ObjectIdentifier> = [ObjectIdentifier(context.appState)]
        func collect(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .class: shared.insert(ObjectIdentifier(value as AnyObject))
            case .optional: mirror.children.first.map { collect($0.value) }
            default: break
            }
        }
        Mirror(reflecting: context.network).children.forEach { collect($0.value) }
        return shared
    }()

    /// Builds the screen on show in every pattern (the keys sent to it replayed) and answers with
    /// `.ownershipCaptured(token:)`: what `ShellEffect.captureOwnership` asks for.
    func captureEveryPattern(_ token: Int, _ state: ShellState, _ replayer: (any ActionReplaying)?,
                             answer: @escaping @MainActor (ShellEvent) -> Void) {
        guard let capturer = replayer as? any OwnershipCapturing else { return }
        everyPattern?.cancel()
        let (keys, screen, size, model) = (state.keysOnScreen, state.screen, state.size, host?.modelAtBuild)
        everyPattern = Task { [weak self] in
            let columns = await capturer.ownershipInEveryPattern(keys: keys, screen: screen, size: size, model: model)
            answer(.ownershipCaptured(token: token, columns))
            self?.host?.onNeedsDisplay?()
        }
    }

    /// Waits until the capture in every pattern has finished (tests and goldens).
    package func capturedEveryPattern() async { await everyPattern?.value }
}

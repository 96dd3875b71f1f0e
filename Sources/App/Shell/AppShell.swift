import Mediator
import PatternVocabulary
import Terminal
import Tour
import Tracing
import Widgets

/// The shell's runtime: keeps the one `ShellState`, feeds every event to `ShellReducer`, carries
/// out the effects it returns and draws frames with `ShellView`. It decides nothing itself.
///
/// A key press: `handle(.key)` → the reducer (help, panel, key map) → maybe `.offerToModule` →
/// `ModuleHost.offer` in a trace action → `.moduleAnswered` → the reducer again (a shell command
/// the module did not use) → effects such as `.switchModule` → one frame at the end of the turn.
@MainActor
package final class AppShell {
    package private(set) var state: ShellState
    /// Replays key scripts in every pattern for compare; the composition root supplies it.
    package var replayer: (any ActionReplaying)?
    /// The keys the user pressed with their actions, the session `w` saves through its `saver`.
    package let recorder = SessionRecorder()

    private let registry: ModuleRegistry
    private let context: ModuleContext
    private let tracer: Tracer
    private let traceBuffer: TraceBuffer
    private let screen: any Screen
    let host: ModuleHost  // internal: tests set its clock for double clicks
    private let sources = SourceListings()
    private let shownTrace = ShownTrace()
    package let timeline = StateTimeline()  // the stored state after every action
    // The scheduler is the shell's own, so it may hold the shell unowned. Internal: AppShell+FirstFrame.
    lazy var frames = FrameScheduler { [unowned self] in
        dispatch(.frameWillDraw)
        ShellView(state: state, environment: environment).draw(on: screen) { host.render(in: $0) }
        if recordTimeline() { setNeedsFrame() }  // replies' state, read once the frame is out, then shown
    }
    private var replay: Task<Void, Never>?
    /// A tour step's solution playing on the live app (`S` on the tour's card).
    private var tourPlay: Task<Void, Never>?
    /// Keeps the tour's progress (the data folder's file); nil keeps none (headless runs).
    package var saveTourProgress: (@MainActor (TourProgress) -> Void)?
    private var journalObservation: AnyObject?

    package init(
        registry: ModuleRegistry, context: ModuleContext, tracer: Tracer, traceBuffer: TraceBuffer,
        screen: any Screen, pattern: PatternID, screenID: ScreenID, screenPatterns: [ScreenID: PatternID] = [:]
    ) {
        self.registry = registry
        self.context = context
        self.tracer = tracer
        self.traceBuffer = traceBuffer
        self.screen = screen
        host = ModuleHost(registry: registry, context: context, tracer: tracer)
        state = ShellState(size: screen.size, pattern: pattern, screen: screenID, screenPatterns: screenPatterns)
        host.onNeedsDisplay = { [weak self] in self?.setNeedsFrame() }
        // Replies land between key presses: the journal says when, so the inspector never polls.
        journalObservation = context.network.journal.observe { [weak self] in self?.setNeedsFrame() }
    }

    /// The module on screen now and its window (for tests and the leak check).
    package var activeModule: (any ScreenModule)? { host.module }
    package var activeWindow: Window? { host.window }

    /// What the reducer reads besides the state.
    package var environment: ShellEnvironment {
        ShellEnvironment(registry: registry, canReplay: replayer != nil, trace: traceBuffer, network: context.network,
                         moduleHasTextFocus: host.hasTextFocus, sources: sources, timeline: timeline, shownTrace: shownTrace,
                         pattern: state.pattern, tourCardRows: state.tourCardRows)
    }

    /// Gives the shell a guided tour (before `start()`): `T` shows its card, or it shows from the start.
    package func useTour(_ tour: TourState) {
        state.tour = tour
    }

    /// Builds the first module and draws the first frame now, on the thread that started the app.
    package func start() {
        dispatch(.start)
        render()
    }

    /// Tears the active module down (disappear hooks, cancelled work); call before leaving.
    package func stop() {
        replay?.cancel()
        tourPlay?.cancel()
        host.tearDown()
    }

    /// Handles one event from the terminal and schedules a frame.
    package func handle(_ event: TerminalEvent) { handle([event]) }

    /// Handles what the terminal had waiting, in order, and schedules one frame. Characters typed
    /// into a text field in one burst go to it as one edit (`TypingBurst`); a quit stops the rest.
    package func handle(_ events: [TerminalEvent]) {
        var index = 0
        while index < events.count, !state.shouldQuit {
            let run = host.hasTextFocus ? TypingBurst.run(in: events, from: index) : nil
            recorder.record(events[index..<(index + (run?.events ?? 1))], trace: traceBuffer, typing: host.typingAction) {
                dispatch(run.map { .key(.paste($0.text)) } ?? ShellEvent(events[index]))
            }
            index += run?.events ?? 1
            // After each action, not each frame: keys that arrive together are still actions of their own.
            recordTimeline()
        }
        setNeedsFrame()
    }

    @discardableResult
    private func recordTimeline() -> Bool {
        timeline.record(trace: traceBuffer, module: host.module, appState: context.appState, build: host.buildNumber,
                        keys: state.keysOnScreen.count)
    }

    /// Runs an event through the reducer and carries out the effects, in order.
    package func dispatch(_ event: ShellEvent) {
        ShellReducer.reduce(&state, event, in: environment).forEach(run)
    }

    private func run(_ effect: ShellEffect) {
        switch effect {
        case .buildModule(let label):
            host.perform(label, pattern: state.pattern) { host.build(state.pattern, state.screen) }
        case .switchModule(let label, let note):
            switchTo(label, note: note)
        case .offerToModule(let key):
            dispatch(.moduleAnswered(key, consumed: host.offer(key, pattern: state.pattern)))
        case .announceMix(let label, let note):
            toggleMix(label, note: note)
        case .network(let control, let key):
            NetworkPanel.handle(control, on: context.network) { body in
                (host.replaying ?? tracer.beginAction("\(key) in the network inspector", pattern: state.pattern.name)).run(body)
            }
        case .saveSession: dispatch(.notice(recorder.save(size: state.size)))
        case .playTour(let keys, let together): playTour(keys, together: together)
        case .saveTourProgress(let progress): saveTourProgress?(progress)
        case .replay(let keys, let screenID, let size, let token):
            guard let replayer else { return }
            replay?.cancel()
            let model = host.modelAtBuild
            replay = Task { [weak self] in
                let columns = await replayer.replayInEveryPattern(keys: keys, screen: screenID, size: size, model: model)
                self?.dispatch(.replayed(token: token, columns))
                self?.setNeedsFrame()
            }
        case .rewind(let id):
            // Only the timeline asks, and no panel is open while a rewind replays: one at a time. A
            // compare still running for a closed panel gives way.
            guard let target = timeline.action(id) else { return }
            replay?.cancel()
            replay = ModuleRewind(target: target, state: state).start(tracer: tracer, host: host, network: context.network) {
                [weak self] in self?.dispatch($0); self?.setNeedsFrame()
            }
        case .captureOwnership(let token): host.ownership.captureEveryPattern(token, state, replayer) { [weak self] in self?.dispatch($0) }
        case .followOwnership(let stamp):
            let live = host.ownership, now = live.stamp
            if now != stamp { dispatch(.ownershipRetaken(now, live.capture())) }
            dispatch(.ownershipFreed(live.freed))
        }
    }

    // The trace names these two methods (`AppShell.switchTo`): they are the shell's own steps.
    private func switchTo(_ label: String, note: String) {
        host.perform(label, pattern: state.pattern) {
            @Traced(.shell, self, note) var call
            host.tearDown(keepingGraph: state.panel?.id == .ownership)
            host.build(state.pattern, state.screen)
        }
    }

    private func toggleMix(_ label: String, note: String) {
        tracer.beginAction(label, pattern: state.pattern.name).run { @Traced(.shell, self, note) var call }
    }

    /// Plays a tour step's solution as the learner's own keys would arrive: one by one, each waited
    /// for (replies included), or `together` in one burst, as a fast typist's do.
    private func playTour(_ keys: [Key], together: Bool) {
        tourPlay?.cancel()
        tourPlay = Task { [weak self] in
            guard let self else { return }
            dispatch(.tourPlaying(true))
            if together {
                handle(keys.map { .key($0) })
            } else {
                for key in keys where !Task.isCancelled && !state.shouldQuit {
                    handle([.key(key)])
                    await context.network.monitor.untilSettled()
                }
            }
            await context.network.monitor.untilSettled()
            dispatch(.tourPlaying(false))
            setNeedsFrame()
        }
    }

    /// Waits until a tour step's solution has played (tests and `mvx tour --check`).
    package func tourPlayed() async { await tourPlay?.value }

    /// Waits until compare's replay or a rewind has finished (tests and goldens).
    package func replayed() async { await replay?.value }

    // MARK: - Frames

    /// Asks for a frame; frames asked for during one turn of the main actor are drawn once.
    package func setNeedsFrame() { frames.setNeedsFrame() }
    /// Draws a frame now if one was asked for (tests call it instead of waiting for the turn to end).
    package func renderIfNeeded() { frames.renderIfNeeded() }
    /// Draws one whole frame now.
    package func render() { frames.render() }
    /// How many frames were drawn (for benchmarks and tests of coalescing).
    package var frameCount: Int { frames.frameCount }
}

import AppComposition
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Mediator
import PatternVocabulary
import Sessions
import Shell
import Terminal
import Tour

/// One interactive run: take the terminal, run the shell until the user quits or a signal asks to
/// leave, and give the terminal back exactly as it was.
@MainActor
struct InteractiveSession {
    let assembly: AppAssembly
    let pattern: PatternID
    let screen: ScreenID
    /// Screens started in another pattern than `pattern` (`--greeting-pattern`, `--listings-pattern`).
    var screenPatterns: [ScreenID: PatternID] = [:]
    /// Whether to turn mouse reporting on (where the terminal has it); `--no-mouse` says no.
    var mouse = true
    /// The colours' theme (`--theme`): fixed, or `auto` to go by the terminal's background.
    var theme = ThemeChoice.auto
    /// Saves the session for `w`.
    var sessionSaver: SessionSaver?
    /// A session to play (`--replay`) and its file's name.
    var replay: (session: Session, name: String)?
    /// The guided tour the shell offers (`T`), and where its progress is kept.
    var tour: TourLaunch?

    struct TourLaunch {
        var state: TourState
        var store: TourProgressStore
    }

    /// Returns the exit status: 0 after `q` or Ctrl-C, 2 when there is no usable terminal,
    /// 128 + the signal number after SIGTERM, SIGHUP, SIGINT, SIGUSR1, SIGUSR2 or SIGALRM (the
    /// terminal's watchdog exits with the same status itself if this loop is too busy to get there).
    func run() async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let session: TerminalSession
        do {
            session = try TerminalSession.open(environment: environment, mouse: mouse, theme: theme)
        } catch {
            StandardError.write(error.message)
            return 2
        }
        let shell = assembly.makeShell(on: session.screen, pattern: pattern, screen: screen, screenPatterns: screenPatterns)
        shell.recorder.saver = sessionSaver
        if let tour {
            shell.useTour(tour.state)
            shell.saveTourProgress = { [store = tour.store] progress in store.save(progress) }
        }
        shell.start()
        // The first frame is out: now the terminal's events, and the thread that waits for them.
        session.listen()
        let player = replay.map { SessionPlayer(session: $0.session, name: $0.name, shell: shell, clock: ContinuousClock()) }
        player?.start()
        var status: Int32 = 0
        // A whole batch (everything the terminal had waiting) is handled before the frame the
        // shell asked for is drawn at the end of this main-actor turn: a burst costs one frame.
        for await batch in session.eventBatches {
            for event in batch {
                #if DEBUG
                if case .key(let key) = event, TerminalSession.isCrashKey(key, environment: environment) {
                    if environment["MVX_TEST_CRASH_BY"] == "stack-overflow" { _ = Self.overflowStack(depth: 0) }
                    fatalError("crash key pressed (MVX_TEST_CRASH_KEY is set): proving the terminal is restored")
                }
                if case .key(let key) = event, TerminalSession.isBusyKey(key, environment: environment) {
                    Self.blockMainThread(on: session.screen)
                }
                #endif
                if case .terminate(let signal) = event { status = 128 + signal }
            }
            var events = batch
            if let player, player.isActive {
                // While a replay plays, the user's keys are the player's first: space, →, q, or taking over.
                events = []
                for event in batch {
                    guard case .key(let key) = event, player.isActive else {
                        events.append(event)
                        continue
                    }
                    switch player.handle(key) {
                    case .used: continue
                    case .passOn: events.append(event)
                    case .quit: shell.dispatch(.terminate)
                    }
                }
            }
            shell.handle(events)
            if shell.state.shouldQuit { break }
        }
        player?.stop()
        shell.stop()
        assembly.network.operationLog?.close()
        session.close()
        // Said once, on the restored terminal, rather than lost in the capture while curses ran.
        if let failure = assembly.traceFile?.failure { StandardError.write("MVX_TRACE_FILE: \(failure)") }
        if let problem = assembly.network.operationLog?.problem { StandardError.write(problem) }
        if let problem = assembly.fixtures.problem { StandardError.write("mvx: the bundled fixtures: \(problem)") }
        return status
    }

    #if DEBUG
    /// The busy test hook (`MVX_TEST_BUSY_KEY`): says so on screen, then keeps the main thread
    /// from the run loop for a minute, as a frame that never ends would.
    private static func blockMainThread(on screen: any Screen) {
        screen.put("MVX-TEST-BUSY", at: .zero, style: .reverse, clip: Rect(origin: .zero, size: screen.size))
        screen.present()
        for _ in 0..<600 { usleep(100_000) }
    }

    /// The crash hook's other crash (`MVX_TEST_CRASH_BY=stack-overflow`): recursion that never
    /// ends, so only a handler on an alternate signal stack can still restore the terminal.
    private static func overflowStack(depth: Int) -> Int {
        var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
        withUnsafeMutableBytes(of: &frame) { _ in }  // kept on the stack, one per call
        return overflowStack(depth: depth + 1) &+ frame.0
    }
    #endif
}

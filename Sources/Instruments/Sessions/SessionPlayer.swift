import Shell
import Terminal

/// Plays a session's keys into the live shell at a demo's pace — an action every 0.7 s, the
/// characters of typing one by one — saying in the key bar how far it is. Space pauses and resumes,
/// → plays one action while paused, q quits, any other key hands the app to the user (as does the
/// end). Time comes from the clock it is given: tests pass a `TestClock` and never sleep.
@MainActor
package final class SessionPlayer {
    package enum Phase: Equatable, Sendable {
        case playing, paused
        /// The user pressed a key of their own: the player is done.
        case handedOver
        /// Every action was played.
        case finished
    }

    /// What the player did, in order, for whoever waits on it (tests; nothing else needs it).
    package enum Progress: Equatable, Sendable {
        /// About to wait a pace before action `next` (from 0).
        case waiting(next: Int)
        /// Actions up to `count` are played.
        case played(count: Int)
        case paused, resumed, handedOver, finished
    }

    /// What the run loop does with a key the user pressed while a replay was on.
    package enum Answer: Equatable, Sendable {
        /// The player's own key (space, → while paused): nothing else sees it.
        case used
        /// The user took over: give the key to the shell as usual.
        case passOn
        /// q or Ctrl-C: leave the app.
        case quit
    }

    package static let actionPace = Duration.milliseconds(700)
    package static let typingPace = Duration.milliseconds(80)

    package private(set) var phase = Phase.playing
    /// How many actions have been played.
    package private(set) var playedCount = 0
    package let progress: AsyncStream<Progress>

    private let session: Session
    private let actions: [SessionAction]
    private let name: String
    private let shell: AppShell
    private let clock: any Clock<Duration>
    private let continuation: AsyncStream<Progress>.Continuation
    private var resume: CheckedContinuation<Void, Never>?
    private var task: Task<Void, Never>?
    /// An action is being played (typing takes several paces): → waits for it rather than interleaving.
    private var isPlayingAction = false

    /// - Parameter name: the file's name, for the key bar (sanitised there).
    package init(session: Session, name: String, shell: AppShell, clock: any Clock<Duration>) {
        self.session = session
        actions = session.actions
        self.name = name
        self.shell = shell
        self.clock = clock
        (progress, continuation) = AsyncStream.makeStream(of: Progress.self)
    }

    /// Whether the player still drives the app (playing or paused).
    package var isActive: Bool { phase == .playing || phase == .paused }

    /// Starts playing in a task of its own.
    package func start() {
        guard task == nil else { return }
        showProgress()
        task = Task { [weak self] in await self?.run() }
    }

    /// Stops without a word (the app is leaving).
    package func stop() {
        task?.cancel()
        resume?.resume()
        resume = nil
        continuation.finish()
    }

    /// Handles a key the user pressed while the player is on.
    package func handle(_ key: Key) -> Answer {
        guard isActive else { return .passOn }
        switch key {
        case .character(" "):
            if phase == .playing {
                phase = .paused
                continuation.yield(.paused)
            } else {
                phase = .playing
                continuation.yield(.resumed)
                resume?.resume()
                resume = nil
            }
            showProgress()
            return .used
        case .right where phase == .paused:
            if !isPlayingAction, playedCount < actions.count {
                Task { [weak self] in await self?.playNext() }
            }
            return .used
        case .character("q"), .control("c"):
            handOver()
            return .quit
        default:
            handOver()
            return .passOn
        }
    }

    private func run() async {
        while playedCount < actions.count {
            continuation.yield(.waiting(next: playedCount))
            do { try await clock.sleep(for: Self.actionPace) } catch { return }
            while phase == .paused {
                await withCheckedContinuation { resume = $0 }
            }
            guard phase == .playing, !Task.isCancelled else { return }
            // A step while paused may have played the last one meanwhile.
            guard playedCount < actions.count else { break }
            await playNext()
        }
        guard isActive else { return }
        phase = .finished
        shell.dispatch(.notice("replay finished (\(actions.count) actions): the app is yours"))
        shell.setNeedsFrame()
        continuation.yield(.finished)
    }

    /// Plays the next action: one key, or the characters of typing one by one.
    private func playNext() async {
        guard isActive, !isPlayingAction, playedCount < actions.count else { return }
        isPlayingAction = true
        defer { isPlayingAction = false }
        let action = actions[playedCount]
        for (offset, index) in action.range.enumerated() {
            if offset > 0 {
                do { try await clock.sleep(for: Self.typingPace) } catch { return }
                guard isActive else { return }
            }
            shell.handle(.key(session.keys[index].key))
            if shell.state.shouldQuit { break }
        }
        playedCount += 1
        showProgress()
        continuation.yield(.played(count: playedCount))
    }

    private func handOver() {
        let at = playedCount
        phase = .handedOver
        task?.cancel()
        resume?.resume()
        resume = nil
        shell.dispatch(.notice("replay stopped after action \(at)/\(actions.count): the app is yours"))
        shell.setNeedsFrame()
        continuation.yield(.handedOver)
    }

    private func showProgress() {
        // Cut to a width, not a count with a note: the action's number must stay on the key bar.
        let file = DisplayWidth.truncate(Sanitizer.visible(name, limit: 200), to: 40)
        let position = "action \(playedCount)/\(actions.count)"
        let text = phase == .paused
            ? "⏸ replay \(file) paused · \(position) · space resume · → step · other keys take over"
            : "▶ replaying \(file) · \(position) · space pause · other keys take over"
        shell.dispatch(.notice(text))
        shell.setNeedsFrame()
    }
}

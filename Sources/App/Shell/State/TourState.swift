import Terminal
import Tour
import Tracing

/// A tour ready to run in the shell: the tour and each step's solution as keys. The loader parsed
/// the key scripts (the shell knows keys, not scripts), naming the line of any it could not read.
package struct TourGuide: Equatable, Sendable {
    package var tour: Tour
    /// Each step's solution, in step order.
    package var solutions: [[Key]]

    package init(tour: Tour, solutions: [[Key]]) {
        precondition(solutions.count == tour.steps.count, "one solution per step")
        self.tour = tour
        self.solutions = solutions
    }
}

/// The guided tour in the shell's state: the step on show, what is done, whether the card shows.
/// A value the reducer changes; the card draws from it, and the trace decides what is done.
package struct TourState: Equatable, Sendable {
    package var guide: TourGuide
    /// The step on show, from 0.
    package private(set) var step: Int
    /// The steps whose expectation the trace has shown.
    package private(set) var done: Set<Int>
    /// Whether the card shows; Esc hides it and the tour stays on its step.
    package var isShown: Bool
    /// Whether the card shows the step's hint in place of its text.
    package private(set) var showsHint = false
    /// The newest trace action when the step began: its expectation is matched in later actions only.
    package private(set) var since: UInt64 = 0
    /// While the solution plays, its keys are the module's and the shell's, never the card's (an Esc
    /// in it closes a panel or goes back, and must not hide the card).
    package var isPlaying = false
    /// No progress was kept when mvx started: a first start, when the key bar says how to begin.
    package let isFirstStart: Bool

    /// The tour at the kept `progress` (none: its first step, and a first start).
    package init(guide: TourGuide, progress: TourProgress?, isShown: Bool) {
        self.guide = guide
        let last = max(0, guide.tour.steps.count - 1)
        step = min(progress?.step ?? 0, last)
        done = progress?.done.filter { $0 <= last } ?? []
        self.isShown = isShown
        isFirstStart = progress == nil
    }

    package var progress: TourProgress { TourProgress(step: step, done: done) }
    package var current: TourStep { guide.tour.steps[step] }
    package var isCurrentDone: Bool { done.contains(step) }

    /// How far the current step's expectation is met by the trace since the step began.
    @MainActor
    package func outcome(trace: TraceBuffer, openPanel: PanelID?) -> TourMatcher.Outcome {
        let events = trace.entries.lazy.filter { $0.action.id > since }.flatMap(\.events)
        return TourMatcher.check(current.expectation, events: events, openPanel: openPanel?.name)
    }

    /// Marks the step done once the trace shows what it expects; the progress is kept then.
    @MainActor
    mutating func evaluate(trace: TraceBuffer, openPanel: PanelID?) -> [ShellEffect] {
        guard isShown, !isCurrentDone, outcome(trace: trace, openPanel: openPanel).isMet else { return [] }
        done.insert(step)
        return [.saveTourProgress(progress)]
    }

    /// `T`: shows the card on its step, or hides it there.
    mutating func toggle() -> [ShellEffect] {
        isShown.toggle()
        return [.saveTourProgress(progress)]
    }

    /// A key of the card's. `lastAction` is the newest trace action: a step begun now matches what follows it.
    mutating func perform(_ command: TourCommand, lastAction: UInt64?) -> [ShellEffect] {
        switch command {
        case .hint:
            showsHint.toggle()
            return []
        case .solution:
            return [.playTour(keys: guide.solutions[step], together: current.keysAtOnce)]
        case .back, .next:
            let target = step + (command == .next ? 1 : -1)
            guard guide.tour.steps.indices.contains(target) else { return [] }
            step = target
            showsHint = false
            since = lastAction ?? 0
            return [.saveTourProgress(progress)]
        case .leave:
            isShown = false
            return [.saveTourProgress(progress)]
        }
    }

    /// The rows the card takes above the key bar on a terminal `height` rows tall: a title, the text
    /// and a key line; fewer text lines on a short terminal, so the panes keep most of the body.
    package static func cardRows(height: Int) -> Int {
        height >= 24 ? 6 : 4
    }
}

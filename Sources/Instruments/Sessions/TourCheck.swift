import Shell
import Terminal
import Tour

/// One step of `mvx tour --check`: whether playing its solution made the trace show what it expects.
package struct TourStepCheck: Equatable, Sendable {
    /// From 1.
    package var number: Int
    package var title: String
    package var outcome: TourMatcher.Outcome
    /// Whether the shell's own card marked the step done (what a learner sees as ✓).
    package var markedDone: Bool
    /// Done before its solution played: what it expects was there already, so it tests nothing.
    package var doneEarly = false

    package var passed: Bool { outcome.isMet && markedDone && !doneEarly }

    /// `✓ 2/13 The same press in MVP`, or `✗ …: why`.
    package func line(of count: Int) -> String {
        let head = "\(passed ? "✓" : "✗") \(number)/\(count) \(title)"
        if passed { return head }
        if doneEarly { return head + ": done before its keys were played (it expects what earlier steps showed)" }
        return head + ": " + (outcome.reason ?? "the card did not mark it done")
    }
}

extension ReplayRunner {
    /// Walks `guide` as a learner would, on one fresh headless shell with the tour's card open: for
    /// each step the card's solution key plays the step's keys on the live shell, the shell draws a
    /// frame (where the card checks the trace), and the step's outcome is read; then the card's next
    /// key. The same path as `S` in the app, so a tour that passes here shows ✓ there.
    package func checkTour(_ guide: TourGuide, size: Size = Size(width: 80, height: 24)) async -> [TourStepCheck] {
        let session = HeadlessSession(registry: registry, context: makeContext(), size: size)
        await session.settle()
        session.shell.useTour(TourState(guide: guide, progress: TourProgress(), isShown: true))
        let solve = Self.tourKey(.solution), next = Self.tourKey(.next)
        var results: [TourStepCheck] = []
        for (index, step) in guide.tour.steps.enumerated() {
            if index > 0, let next { session.press(next) }
            // A step already done before its keys play expects too little: it would pass on any code.
            session.shell.render()
            let early = session.shell.state.tour?.isCurrentDone == true
            if let solve { session.press(solve) }
            await session.shell.tourPlayed()
            await session.settle()
            session.shell.render()
            let tour = session.shell.state.tour
            let outcome = tour?.outcome(trace: session.traceBuffer, openPanel: session.shell.state.panel?.id)
                ?? TourMatcher.Outcome(matchedCalls: 0, missingCall: step.expectation.calls.first, missingPanel: step.expectation.panel)
            results.append(TourStepCheck(number: index + 1, title: step.title, outcome: outcome,
                                         markedDone: tour?.step == index && tour?.isCurrentDone == true, doneEarly: early))
        }
        session.shell.stop()
        return results
    }

    /// The key the tour's card binds to `command`, from the key map.
    private static func tourKey(_ command: TourCommand) -> Key? {
        Keymap.bindings(in: .tour).lazy.compactMap { $0.tourCommands.first { $0.value == command }?.key }.first
    }
}

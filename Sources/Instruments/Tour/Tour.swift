import PatternVocabulary

/// A guided tour: numbered steps a learner does with their own keys, each done when the live trace
/// shows what it expects. Read from one plain-text file (`TourParser`, docs/tour.md); a value, so
/// the shell's state compares it whole.
package struct Tour: Equatable, Sendable {
    /// The tour's title, from its `tour:` line.
    package var title: String
    package var steps: [TourStep]

    package init(title: String, steps: [TourStep]) {
        self.title = title
        self.steps = steps
    }
}

/// One step: what to do and notice, where to look, a hint, the solution and what the trace must show.
package struct TourStep: Equatable, Sendable {
    package var title: String
    /// Two or three sentences: what to do, what to notice.
    package var text: String
    /// The pane or panel the step is about.
    package var pane: TourPane
    package var hint: String
    /// The solution, as a key script (`mvx trace --keys` syntax); checked by the loader, which
    /// knows the keys.
    package var keys: String
    /// True when the solution's keys are pressed together, as a fast typist's arrive (a filter
    /// that cancels the call before it needs the first still in flight); otherwise each key is
    /// waited for, network replies included.
    package var keysAtOnce: Bool
    package var expectation: TourExpectation
    /// The file's line of each field, for errors found after parsing (a key script's).
    package var lines: Lines

    /// Where the step's fields are in the file (1-based).
    package struct Lines: Equatable, Sendable {
        package var step: Int
        package var keys: Int

        package init(step: Int, keys: Int) {
            self.step = step
            self.keys = keys
        }
    }

    package init(title: String, text: String, pane: TourPane, hint: String, keys: String, keysAtOnce: Bool = false,
                 expectation: TourExpectation, lines: Lines) {
        self.title = title
        self.text = text
        self.pane = pane
        self.hint = hint
        self.keys = keys
        self.keysAtOnce = keysAtOnce
        self.expectation = expectation
        self.lines = lines
    }
}

/// The part of the screen a step is about, named as the shell names it.
package enum TourPane: String, CaseIterable, Equatable, Sendable {
    case module, trace, compare, timeline, ownership, metrics, network, source
}

/// What a step expects: role calls the trace must show in order, a panel that must be open, or both.
package struct TourExpectation: Equatable, Sendable {
    /// Matched as an ordered subsequence of the events since the step began.
    package var calls: [RoleCall]
    /// A panel that must be open (its `PanelID` name: `compare`, `timeline`…), for what the trace
    /// cannot show.
    package var panel: String?

    package init(calls: [RoleCall] = [], panel: String? = nil) {
        self.calls = calls
        self.panel = panel
    }

    /// `View → Presenter.showGreeting`, and `+ the compare panel open`.
    package var description: String {
        let chain = calls.map(\.description).joined(separator: " → ")
        guard let panel else { return chain }
        return chain.isEmpty ? "the \(panel) panel open" : chain + " + the \(panel) panel open"
    }
}

/// One call the trace must show: a role, and optionally the type and the method, as the trace
/// prints them (`Presenter GreetingPresenter.showGreeting`, `Presenter.showGreeting`, `Presenter`).
/// Names, never line numbers, so an expectation survives code moving within a file.
package struct RoleCall: Equatable, Sendable {
    package var role: Role
    /// The type; `APIManager` matches `APIManager<RentListAPI>` (generic arguments are optional).
    package var type: String?
    /// The method without its argument labels.
    package var method: String?

    package init(role: Role, type: String? = nil, method: String? = nil) {
        self.role = role
        self.type = type
        self.method = method
    }

    package var description: String {
        switch (type, method) {
        case (let type?, let method?): "\(role.rawValue) \(type).\(method)"
        case (let type?, nil): "\(role.rawValue) \(type)"
        case (nil, let method?): "\(role.rawValue).\(method)"
        case (nil, nil): role.rawValue
        }
    }
}

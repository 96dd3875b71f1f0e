import PatternVocabulary

/// Where the metrics find a pattern: a folder of sources and a folder of unit tests.
extension PatternID {
    /// The pattern's module: `Sources/Patterns/MVP/`.
    package var sourceFolder: String { "Sources/Patterns/\(rawValue)/" }
    /// The pattern's unit tests, a test target of their own: `Tests/MVPTests/`.
    package var testFolder: String { "Tests/\(rawValue)Tests/" }
}

/// Which role each file of a pattern plays, from its name: the one table the metrics count by.
///
/// A file's role is the rule whose suffix ends the file's name (without `.swift`), the longest
/// suffix first, so `GreetingViewController` is a view controller before it is a view. The same
/// suffix means different roles in different patterns: `GreetingViewController` is the Controller in
/// Cocoa MVC (it owns the views and decides) and the View in MVP, MVVM and VIPER. Two conventions
/// keep the table short and the counts honest:
/// - a protocol goes to the role that conforms to it (VIPER's `GreetingInteractorOutput` and
///   `GreetingViewEventHandler` are the presenter's; MVP's `GreetingView` is the view's);
/// - a plain data type goes to the role that makes it (VIPER's `GreetingData` is the interactor's,
///   `ListingDisplayItem` the presenter's).
///
/// `<Pattern>.swift` (`MVPPattern.swift`: which builder makes which screen, registered with the
/// mediator) is assembly, so the Builder's. A unit-test file `<PATTERN><Type>Tests.swift` tests
/// `<Type>` and is placed by the same rules. A file no rule places is reported, never skipped: a
/// test fails when the real sources have one.
package enum RoleTable {
    /// The roles a pattern's code is counted by, in the order the tables list them. The trace's
    /// shell, entity and data roles are not here: their code is shared by all four patterns (the
    /// shell, `Model`, `Networking`, `ModelServices`), so it is not counted as any pattern's.
    package static let countedRoles: [Role] = [
        .controller, .view, .presenter, .viewModel, .binding, .interactor, .router, .coordinator, .builder, .model,
    ]

    package struct Rule: Sendable, Hashable {
        package var suffix: String
        package var role: Role
        /// Why the files with this suffix play this role, shown in the docs.
        package var reason: String

        package init(_ suffix: String, _ role: Role, _ reason: String) {
            self.suffix = suffix
            self.role = role
            self.reason = reason
        }
    }

    package static func rules(for pattern: PatternID) -> [Rule] {
        switch pattern {
        case .mvc:
            [
                Rule("ViewController", .controller, "Cocoa MVC's controller owns its views and decides"),
                Rule("Builder", .builder, "assembles model, controller and navigation"),
                Rule("Pattern", .builder, "registers the builders with the mediator"),
                Rule("Model", .model, "tests of the shared model, as MVC uses it (its code is shared, not counted)"),
            ]
        case .mvp:
            [
                Rule("ViewController", .view, "the passive view"),
                Rule("View", .view, "the view protocol the view controller conforms to"),
                Rule("Presenter", .presenter, "decides and formats"),
                Rule("Router", .router, "navigation, and the protocol the presenter calls it through"),
                Rule("Builder", .builder, "assembles view, presenter and model"),
                Rule("Pattern", .builder, "registers the builders with the mediator"),
            ]
        case .mvvm:
            [
                Rule("ViewController", .view, "binds its views to the view model"),
                Rule("ViewModel", .viewModel, "state for the view, inputs from it"),
                Rule("ViewModelProtocol", .viewModel, "the protocol the view model conforms to"),
                Rule("DisplayText", .viewModel, "a line of text as the view model hands it over"),
                Rule("Observable", .binding, "the hand-written binding between view model and view"),
                Rule("Coordinator", .coordinator, "navigation"),
                Rule("Builder", .builder, "assembles model, view model, view and coordinator"),
                Rule("Pattern", .builder, "registers the builders with the mediator"),
            ]
        case .viper:
            [
                Rule("ViewController", .view, "shows and forwards"),
                Rule("View", .view, "the view protocol the view controller conforms to"),
                Rule("ViewInterface", .view, "the view protocol the view controller conforms to"),
                Rule("ViewEventHandler", .presenter, "the protocol the presenter conforms to for the view's events"),
                Rule("Presenter", .presenter, "formats the interactor's answers for the view"),
                Rule("DisplayItem", .presenter, "a row as the presenter formats it"),
                Rule("InteractorOutput", .presenter, "the protocol the presenter conforms to for the interactor's answers"),
                Rule("Output", .presenter, "Orlov's name for the interactor's output, which the presenter conforms to"),
                Rule("Provider", .interactor, "Orlov's name for the interactor's input protocol"),
                Rule("Interactor", .interactor, "the use cases"),
                Rule("InteractorInput", .interactor, "the protocol the interactor conforms to"),
                Rule("Data", .interactor, "what the interactor hands out"),
                Rule("Router", .router, "navigation between modules"),
                Rule("Routing", .router, "the protocol the router conforms to"),
                Rule("Builder", .builder, "makes and wires the parts"),
                Rule("Pattern", .builder, "registers the builders with the mediator"),
            ]
        }
    }

    /// The role of a type or file stem (`GreetingPresenter`) in `pattern`, or nil when no rule places it.
    package static func role(of stem: String, in pattern: PatternID) -> Role? {
        rule(for: stem, in: pattern)?.role
    }

    /// The rule that places `stem`: the longest matching suffix.
    package static func rule(for stem: String, in pattern: PatternID) -> Rule? {
        rules(for: pattern)
            .filter { stem.hasSuffix($0.suffix) }
            .max { $0.suffix.count < $1.suffix.count }
    }

    /// The type a unit-test file tests: `MVPGreetingPresenterTests.swift` → `GreetingPresenter`; nil
    /// when the name does not follow `<PATTERN><Type>Tests.swift`.
    package static func testedStem(ofTestFile name: String, in pattern: PatternID) -> String? {
        let stem = name.hasSuffix(".swift") ? String(name.dropLast(".swift".count)) : name
        guard stem.hasPrefix(pattern.rawValue), stem.hasSuffix("Tests") else { return nil }
        let tested = stem.dropFirst(pattern.rawValue.count).dropLast("Tests".count)
        return tested.isEmpty ? nil : String(tested)
    }
}

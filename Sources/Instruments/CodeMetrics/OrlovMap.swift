import PatternVocabulary
import SourceCatalog
import SourceIndex

/// Orlov's greeting, declaration by declaration, and the declaration that plays it in mvx: what a
/// teacher needs to project his snippet beside the code. Each counterpart is looked up in the
/// index (the pattern's own sources first, then the shared model and views), never by line number,
/// so a rename that loses one of his roles shows as missing and fails a test.
package enum OrlovMap {
    /// One of Orlov's declarations and its counterpart.
    package struct Counterpart: Sendable, Equatable {
        /// As Orlov declares it: `GreetingViewPresenter.showGreeting()`.
        package var orlov: String
        /// mvx's declaration: a type (`GreetingPresenter`) or a member (`GreetingPresenter.view`).
        package var mvx: String
        /// How mvx departs from his declaration, in a few words; empty where it does not.
        package var departure: String

        init(_ orlov: String, _ mvx: String, _ departure: String = "") {
            self.orlov = orlov
            self.mvx = mvx
            self.departure = departure
        }
    }

    static let sharedModel = "the shared `AppState` that holds the person, so an edit outlives a pattern switch"

    /// Orlov's declarations for `pattern`'s greeting, in the order his snippet declares them.
    package static func counterparts(of pattern: PatternID) -> [Counterpart] {
        switch pattern {
        case .mvc:
            [Counterpart("Person", "Person"), Counterpart("GreetingViewController", "GreetingViewController"),
             Counterpart("GreetingViewController.person", "GreetingViewController.model", sharedModel),
             Counterpart("GreetingViewController.showGreetingButton", "GreetingFormView.showGreetingButton", "in the form view it loads"),
             Counterpart("GreetingViewController.greetingLabel", "GreetingFormView.greetingLabel", "in the form view it loads"),
             Counterpart("GreetingViewController.viewDidLoad()", "GreetingViewController.viewDidLoad"),
             Counterpart("GreetingViewController.didTapButton(_:)", "GreetingViewController.didTapButton"),
             Counterpart("Assembling of MVC", "GreetingBuilder.build")]
        case .mvp:
            [Counterpart("Person", "Person"), Counterpart("GreetingView", "GreetingView"),
             Counterpart("GreetingView.setGreeting(_:)", "GreetingView.setGreeting"),
             Counterpart("GreetingViewPresenter", "GreetingViewPresenter"),
             Counterpart("GreetingViewPresenter.init(view:person:)", "GreetingViewPresenter.init", "`init(view:model:)`: " + sharedModel),
             Counterpart("GreetingViewPresenter.showGreeting()", "GreetingViewPresenter.showGreeting"),
             Counterpart("GreetingPresenter", "GreetingPresenter"),
             Counterpart("GreetingPresenter.showGreeting()", "GreetingPresenter.showGreeting"),
             Counterpart("GreetingPresenter.view", "GreetingPresenter.view", "weak, not unowned: a late call does nothing instead of crashing"),
             Counterpart("GreetingPresenter.person", "GreetingPresenter.model", sharedModel),
             Counterpart("GreetingViewController", "GreetingViewController"),
             Counterpart("GreetingViewController.presenter", "GreetingViewController.presenter"),
             Counterpart("GreetingViewController.didTapButton(_:)", "GreetingViewController.didTapButton"),
             Counterpart("GreetingViewController.setGreeting(_:)", "GreetingViewController.setGreeting"),
             Counterpart("Assembling of MVP", "GreetingBuilder.build")]
        case .mvvm:
            [Counterpart("Person", "Person"), Counterpart("GreetingViewModelProtocol", "GreetingViewModelProtocol"),
             Counterpart("GreetingViewModelProtocol.greeting", "GreetingViewModelProtocol.greeting"),
             Counterpart("GreetingViewModelProtocol.greetingDidChange", "GreetingViewModelProtocol.greetingDidChange"),
             Counterpart("GreetingViewModelProtocol.init(person:)", "GreetingViewModelProtocol.init", "`init(model:)`: " + sharedModel),
             Counterpart("GreetingViewModelProtocol.showGreeting()", "GreetingViewModelProtocol.showGreeting"),
             Counterpart("GreetingViewModel", "GreetingViewModel"),
             Counterpart("GreetingViewModel.person", "GreetingViewModel.model", sharedModel),
             Counterpart("GreetingViewModel.greeting", "GreetingViewModel.greeting"),
             Counterpart("GreetingViewModel.greetingDidChange", "GreetingViewModel.greetingDidChange"),
             Counterpart("GreetingViewModel.showGreeting()", "GreetingViewModel.showGreeting"),
             Counterpart("GreetingViewController", "GreetingViewController"),
             Counterpart("GreetingViewController.viewModel", "GreetingViewController.viewModel",
                         "its `didSet` captures the view weakly, not unowned"),
             Counterpart("GreetingViewController.viewDidLoad()", "GreetingViewController.viewDidLoad"),
             Counterpart("Assembling of MVVM", "GreetingBuilder.build")]
        case .viper:
            [Counterpart("Person", "Person", "the entity is the shared model's"), Counterpart("GreetingData", "GreetingData"),
             Counterpart("GreetingProvider", "GreetingProvider"),
             Counterpart("GreetingProvider.provideGreetingData()", "GreetingProvider.provideGreetingData"),
             Counterpart("GreetingOutput", "GreetingOutput"),
             Counterpart("GreetingOutput.receiveGreetingData(_:)", "GreetingOutput.receiveGreetingData"),
             Counterpart("GreetingInteractor", "GreetingInteractor"),
             Counterpart("GreetingInteractor.output", "GreetingInteractor.output"),
             Counterpart("GreetingInteractor.provideGreetingData()", "GreetingInteractor.provideGreetingData"),
             Counterpart("GreetingViewEventHandler", "GreetingViewEventHandler"),
             Counterpart("GreetingViewEventHandler.didTapShowGreetingButton()", "GreetingViewEventHandler.didTapShowGreetingButton"),
             Counterpart("GreetingView", "GreetingView"), Counterpart("GreetingView.setGreeting(_:)", "GreetingView.setGreeting"),
             Counterpart("GreetingPresenter", "GreetingPresenter"), Counterpart("GreetingPresenter.view", "GreetingPresenter.view"),
             Counterpart("GreetingPresenter.greetingProvider", "GreetingPresenter.greetingProvider"),
             Counterpart("GreetingPresenter.didTapShowGreetingButton()", "GreetingPresenter.didTapShowGreetingButton"),
             Counterpart("GreetingPresenter.receiveGreetingData(_:)", "GreetingPresenter.receiveGreetingData"),
             Counterpart("GreetingViewController", "GreetingViewController"),
             Counterpart("GreetingViewController.eventHandler", "GreetingViewController.eventHandler"),
             Counterpart("GreetingViewController.didTapButton(_:)", "GreetingViewController.didTapButton"),
             Counterpart("GreetingViewController.setGreeting(_:)", "GreetingViewController.setGreeting"),
             Counterpart("Assembling of VIPER module, without Router", "GreetingBuilder.build",
                         "no router either: the greeting goes nowhere")]
        }
    }

    /// The file that declares `name` (`Type` or `Type.member`) for `pattern`: its greeting's own
    /// sources first, then the shared model and views. Nil when none does.
    package static func file(declaring name: String, in pattern: PatternID, files: [SourceFile]) -> SourceFile? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let scopes = [pattern.sourceFolder + "Greeting/", "Sources/Data/Model/", "Sources/Patterns/ScreenViews/"]
        for scope in scopes {
            let candidates = files.filter { $0.path.hasPrefix(scope) && $0.isIndexed }
            if let file = candidates.first(where: { declares(parts, in: $0.index) }) { return file }
        }
        return nil
    }

    private static let containers: Set<DeclarationKind> = [.class, .struct, .enum, .actor, .protocol, .extension]

    private static func declares(_ parts: [String], in index: FileIndex) -> Bool {
        let declarations = index.declarations
        guard parts.count == 2 else {
            return declarations.contains { containers.contains($0.kind) && $0.kind != .extension && $0.name == parts[0] }
        }
        return declarations.contains { member in
            guard member.name == parts[1], member.kind != .accessor, let parent = member.parent else { return false }
            return containers.contains(declarations[parent].kind) && declarations[parent].name == parts[0]
        }
    }

    /// Orlov's declarations without a counterpart in the index: empty when the greeting is his.
    package static func missing(in pattern: PatternID, files: [SourceFile]) -> [Counterpart] {
        counterparts(of: pattern).filter { file(declaring: $0.mvx, in: pattern, files: files) == nil }
    }

    /// The map as a Markdown table, each counterpart with the file that declares it.
    package static func markdown(for pattern: PatternID, files: [SourceFile]) -> String {
        var out = ["| Orlov's declaration | mvx's | declared in | departs |", "|---|---|---|---|"]
        for counterpart in counterparts(of: pattern) {
            let orlov = counterpart.orlov.hasPrefix("Assembling") ? counterpart.orlov : "`\(counterpart.orlov)`"
            let path = file(declaring: counterpart.mvx, in: pattern, files: files)?.path.dropFirst("Sources/".count)
            out.append("| \(orlov) | `\(counterpart.mvx)` | \(path.map(String.init) ?? "**missing**") | \(counterpart.departure) |")
        }
        return out.joined(separator: "\n")
    }
}

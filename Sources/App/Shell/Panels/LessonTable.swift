import CodeMetrics
import PatternVocabulary
import SourceCatalog
import SourceIndex

/// What the source pane's lesson view (`v`) adds to a declaration: a margin note naming the
/// declaration it stands for in the articles, or a fold that hides what is not the pattern's
/// lesson behind one line.
struct LessonEntry: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case note, fold
    }

    /// The declaration as the index knows it, qualified by module and types: `MVP.GreetingPresenter.showGreeting`.
    var declaration: String
    var kind: Kind
    /// The note (`Orlov: showGreeting()`) or what the fold hides (`focus handling`).
    var text: String

    static func note(_ declaration: String, _ text: String) -> LessonEntry {
        LessonEntry(declaration: declaration, kind: .note, text: text)
    }

    static func fold(_ declaration: String, _ text: String) -> LessonEntry {
        LessonEntry(declaration: declaration, kind: .fold, text: text)
    }
}

/// The lesson view's one table: every note and fold, keyed by declaration name, never by line, so
/// an edit that moves code keeps them; `LessonTableTests` fails when a name no longer resolves.
/// Orlov's notes are read from `OrlovMap`, the one table of his greeting's declarations and their
/// counterparts in mvx; casatwy's notes and the folds are written here.
enum LessonTable {
    static let entries: [LessonEntry] = orlovNotes + written

    /// A note on each counterpart of Orlov's greeting: his member's name (`Orlov: didTapButton(_:)`)
    /// or type's. One not found keeps its pattern's module, so the resolve test names it.
    static let orlovNotes: [LessonEntry] = {
        var seen: Set<String> = []
        return PatternID.allCases.flatMap { pattern in
            OrlovMap.counterparts(of: pattern).compactMap { counterpart -> LessonEntry? in
                let module = OrlovMap.file(declaring: counterpart.mvx, in: pattern, files: SourceCatalog.files)?.module ?? pattern.name
                let declaration = module + "." + counterpart.mvx
                // The shared model's `Person` is every pattern's: one note.
                guard seen.insert(declaration + counterpart.orlov).inserted else { return nil }
                let member = counterpart.orlov.split(separator: ".", maxSplits: 1).dropFirst().first
                return .note(declaration, "Orlov: " + String(member ?? Substring(counterpart.orlov)))
            }
        }
    }()

    private static let written: [LessonEntry] = [
        // MVC: the controller is the view and decides.
        .fold("MVC.GreetingViewController.init", "the tab's title"),
        .fold("MVC.GreetingViewController.loadView", "the form as the view"),
        .fold("MVC.GreetingViewController.preferredFocusedView", "focus handling"),
        .fold("MVC.GreetingViewController.didEditName", "name edits → model"),
        .fold("MVC.GreetingViewController.formView", "the form, made lazily"),

        // MVP: a passive view, the presenter decides.
        .fold("MVP.GreetingPresenter.showNames", "names for the fields"),
        .fold("MVP.GreetingPresenter.updateNames", "name edits → model"),
        .fold("MVP.GreetingViewController.init", "the tab's title"),
        .fold("MVP.GreetingViewController.loadView", "the form as the view"),
        .fold("MVP.GreetingViewController.preferredFocusedView", "focus handling"),
        .fold("MVP.GreetingViewController.setNames", "fields ← names"),
        .fold("MVP.GreetingViewController.didEditName", "name edits → presenter"),
        .fold("MVP.GreetingViewController.formView", "the form, made lazily"),

        // MVVM: the view model decides, the view binds to it.
        .fold("MVVM.GreetingViewModel.firstName", "names for the fields"),
        .fold("MVVM.GreetingViewModel.lastName", "names for the fields"),
        .fold("MVVM.GreetingViewModel.updateNames", "name edits → model"),
        .fold("MVVM.GreetingViewController.init", "the tab's title"),
        .fold("MVVM.GreetingViewController.loadView", "the form as the view"),
        .fold("MVVM.GreetingViewController.preferredFocusedView", "focus handling"),
        .fold("MVVM.GreetingViewController.didEditName", "name edits → view model"),
        .fold("MVVM.GreetingViewController.formView", "the form, made lazily"),

        // VIPER: the interactor builds the data, the presenter formats it.
        .fold("VIPER.GreetingInteractor.provideNames", "names for the fields"),
        .fold("VIPER.GreetingInteractor.updateNames", "name edits → entity"),
        .fold("VIPER.GreetingPresenter.didLoadView", "names for the fields"),
        .fold("VIPER.GreetingPresenter.receiveNames", "names for the fields"),
        .fold("VIPER.GreetingPresenter.didEditNames", "name edits → interactor"),
        .fold("VIPER.GreetingViewController.init", "the tab's title"),
        .fold("VIPER.GreetingViewController.loadView", "the form as the view"),
        .fold("VIPER.GreetingViewController.preferredFocusedView", "focus handling"),
        .fold("VIPER.GreetingViewController.setNames", "fields ← names"),
        .fold("VIPER.GreetingViewController.didEditName", "name edits → presenter"),
        .fold("VIPER.GreetingViewController.formView", "the form, made lazily"),

        // The listings: casatwy's network layer.
        .note("ModelServices.PropertyListReformer", "casatwy: PropertyListReformer"),
        .note("ModelServices.PropertyListKey", "casatwy: the reformer's key constants"),
        .note("Networking.Reformer", "casatwy: ReformerProtocol"),
        .note("Networking.APIManager", "casatwy: APIManager, one per API"),
        .note("Networking.APIManagerDelegate", "casatwy: APIManagerDelegate"),
        .note("Networking.APIInterceptor", "casatwy: RTAPIManagerInterceptor"),
        .fold("MVC.ListingsViewController.networkTypeDidChange", "network type: the banner, a retry"),
        .fold("MVC.ListingsViewController.showBanner", "the network banner"),
        .fold("MVC.ListingsViewController.stopObserving", "stop observing on teardown"),
        .fold("MVP.ListingsPresenter.networkTypeDidChange", "network type: the banner, a retry"),
        .fold("MVP.ListingsPresenter.showBanner", "the network banner"),
        .fold("MVP.ListingsPresenter.stopObserving", "stop observing on teardown"),
        .fold("MVVM.ListingsViewModel.networkTypeDidChange", "network type: the banner, a retry"),
        .fold("MVVM.ListingsViewModel.stopObserving", "stop observing on teardown"),
        .fold("VIPER.ListingsInteractor.networkTypeDidChange", "network type: the banner, a retry"),
        .fold("VIPER.ListingsInteractor.stopObserving", "stop observing on teardown"),
        .fold("MVP.ListingsViewController.showNetworkBanner", "the network banner"),
        .fold("MVVM.ListingsViewController.showNetworkBanner", "the network banner"),
        .fold("VIPER.ListingsViewController.showNetworkBanner", "the network banner"),
        .fold("MVC.ListingDetailViewController.deinit", "cancel on teardown"),
        .fold("MVP.ListingDetailPresenter.deinit", "cancel on teardown"),
        .fold("MVVM.ListingDetailViewModel.deinit", "cancel on teardown"),
    ]

    /// The entries by declaration name.
    static let byDeclaration: [String: [LessonEntry]] = Dictionary(grouping: entries, by: \.declaration)

    /// `Module.Type.member` for each declaration of `index` (a file of `module`): its own name after
    /// those of the types and extensions it is in; an accessor is named as its property is.
    static func qualifiedNames(in index: FileIndex, module: String) -> [String] {
        index.declarations.map { declaration in
            var names: [String] = []
            var current: Declaration? = declaration
            while let found = current {
                if found.kind != .accessor { names.insert(found.name, at: 0) }
                current = index.parent(of: found)
            }
            return ([module] + names).joined(separator: ".")
        }
    }

    /// The declarations of the embedded sources (not the tests) an entry names; empty when it no
    /// longer resolves.
    static func declarations(for entry: LessonEntry) -> [(file: SourceFile, declaration: Declaration)] {
        let module = entry.declaration.split(separator: ".").first.map(String.init) ?? ""
        return SourceCatalog.files.filter { $0.module == module && !$0.isTest }.flatMap { file in
            let index = file.index
            return zip(index.declarations, qualifiedNames(in: index, module: file.module))
                .filter { $0.1 == entry.declaration && $0.0.kind != .accessor }
                .map { (file, $0.0) }
        }
    }
}

/// One row of the source pane's code column: a line of the file, or a fold standing for several.
enum CodeRow: Equatable {
    case line(Int)
    case fold(String, ClosedRange<Int>)

    /// The file's lines the row stands for.
    var lines: ClosedRange<Int> {
        switch self {
        case .line(let number): number...number
        case .fold(_, let lines): lines
        }
    }
}

/// A file as the lesson view shows it: the trace's instrumentation lines hidden (the lines the
/// index marks `instrumentation`, which the metrics count apart), the table's folds folded and its
/// notes placed on their declarations' lines.
struct LessonLayout {
    var rows: [CodeRow]
    /// Notes by the line they go beside: the declaration's first line that is not an attribute.
    var notes: [Int: String]

    init(lines: [String], index: FileIndex, module: String) {
        let kinds = index.lineKinds
        var folds: [Int: (String, ClosedRange<Int>)] = [:]
        var notes: [Int: String] = [:]
        for (declaration, name) in zip(index.declarations, LessonTable.qualifiedNames(in: index, module: module))
        where declaration.kind != .accessor {
            for entry in LessonTable.byDeclaration[name] ?? [] {
                switch entry.kind {
                case .fold:
                    // The doc comment above goes with its declaration.
                    var first = declaration.first
                    while first > 1, kinds.indices.contains(first - 2), kinds[first - 2] == .comment { first -= 1 }
                    folds[first] = (entry.text, first...declaration.last)
                case .note:
                    let named = declaration.lines.first { number in
                        let text = lines.indices.contains(number - 1) ? lines[number - 1].drop { $0 == " " } : ""
                        return !text.hasPrefix("@") && !text.hasPrefix("//")
                    }
                    notes[named ?? declaration.first] = entry.text
                }
            }
        }
        var rows: [CodeRow] = []
        var number = 1
        while number <= lines.count {
            if let (label, range) = folds[number] {
                let end = min(range.upperBound, lines.count)
                // Folds of one kind side by side are one: `firstName` and `lastName`, say.
                if case .fold(label, let before)? = rows.last, before.upperBound + 1 == number {
                    rows[rows.count - 1] = .fold(label, before.lowerBound...end)
                } else {
                    rows.append(.fold(label, number...end))
                }
                number = end + 1
                continue
            }
            if !(kinds.indices.contains(number - 1) && kinds[number - 1] == .instrumentation) {
                rows.append(.line(number))
            }
            number += 1
        }
        self.rows = rows
        self.notes = notes
    }
}

import CodeMetrics
import PatternVocabulary
import SourceCatalog
import Testing

/// Each of Orlov's greeting declarations has its counterpart in the pattern's code, found in the
/// source index: a rename that loses one of his roles fails here, not in a reader's head.
@Suite("Orlov's declarations and their counterparts")
struct OrlovMapTests {
    @Test("every declaration of Orlov's greeting has a counterpart, in every pattern", arguments: PatternID.allCases)
    func everyDeclarationHasACounterpart(pattern: PatternID) {
        let missing = OrlovMap.missing(in: pattern, files: SourceCatalog.files)
        #expect(missing.isEmpty, "\(pattern.name): \(missing.map(\.orlov))")
        #expect(OrlovMap.counterparts(of: pattern).count >= 8, "his whole snippet, not a sample")
    }

    @Test("a counterpart is looked up in its own pattern: MVP's view protocol removed is missing, not found in VIPER")
    func aLostDeclarationIsCaught() {
        let files = SourceCatalog.files.filter { $0.path != "Sources/Patterns/MVP/Greeting/GreetingView.swift" }
        let missing = OrlovMap.missing(in: .mvp, files: files).map(\.mvx)
        #expect(missing == ["GreetingView", "GreetingView.setGreeting"])
    }

    @Test("a member must belong to the type named: the presenter's view is not the view controller's")
    func membersBelongToTheirType() {
        let files = SourceCatalog.files
        #expect(OrlovMap.file(declaring: "GreetingPresenter.view", in: .viper, files: files)?.name == "GreetingPresenter.swift")
        #expect(OrlovMap.file(declaring: "GreetingPresenter.eventHandler", in: .viper, files: files) == nil)
        #expect(OrlovMap.file(declaring: "Person", in: .viper, files: files)?.path == "Sources/Data/Model/Person.swift")
    }

    @Test("the pattern page's block maps each declaration to the file that declares its counterpart")
    func markdownNamesTheFiles() {
        let table = OrlovMap.markdown(for: .viper, files: SourceCatalog.files)
        #expect(table.contains("| `GreetingOutput.receiveGreetingData(_:)` | `GreetingOutput.receiveGreetingData` | Patterns/VIPER/Greeting/GreetingOutput.swift |"))
        #expect(!table.contains("**missing**"))
    }
}

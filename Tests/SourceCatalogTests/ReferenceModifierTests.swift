import SourceCatalog
import SourceIndex
import Testing

/// The weak and unowned stored properties the generator lists at build time (what the ownership
/// panel reads) must be exactly those the embedded indexes declare.
@Suite("Reference modifiers")
struct ReferenceModifierTests {
    @Test("referenceModifiers lists every weak and unowned stored property of the sources' indexes, and nothing else")
    func matchesTheIndexes() {
        var decoded: [String: String] = [:]
        for file in SourceCatalog.files where file.path.hasPrefix("Sources/") {
            let index = file.index
            for declaration in index.declarations where declaration.isStoredInstanceProperty {
                let modifier = declaration.modifiers.contains("weak") ? "weak"
                    : declaration.modifiers.contains { $0.hasPrefix("unowned") } ? "unowned" : nil
                guard let modifier, let owner = index.parent(of: declaration) else { continue }
                decoded["\(file.module).\(owner.name).\(declaration.name)"] = modifier
            }
        }
        #expect(SourceCatalog.referenceModifiers == decoded)
        // The ones the patterns' lessons rest on are there.
        #expect(decoded["VIPER.GreetingPresenter.view"] == "weak")
        #expect(decoded["VIPER.GreetingInteractor.output"] == "weak")
        #expect(decoded["MVP.GreetingPresenter.view"] == "weak")
        #expect(decoded["Widgets.ViewController.parent"] == "weak")
    }
}

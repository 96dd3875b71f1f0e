import Observation
import Testing
@testable import ObjectGraph

// A small VIPER-shaped module: the view owns the presenter, the presenter owns the interactor and
// points back at the view weakly; the interactor's output is weak too.
@MainActor private final class View {
    var presenter: Presenter
    let title = "Greeting"
    init(presenter: Presenter) { self.presenter = presenter }
}

@MainActor private final class Presenter {
    weak var view: View?
    let interactor: Interactor
    var greeting: String?
    init(interactor: Interactor) { self.interactor = interactor }
}

@MainActor private final class Interactor {
    weak var output: Presenter?
    unowned let state: SharedState
    var rows: [Row] = []
    var loadTask: Task<Void, Never>?
    init(state: SharedState) { self.state = state }
}

@MainActor @Observable private final class SharedState {
    var person = Name(first: "David", last: "Blaine")
    var origin = Origin.placeholder
}

private struct Name { var first: String; var last: String }
private enum Origin { case placeholder, user }
private struct Row { var title: String; var price: Int }

/// A parent that keeps its children, which keep it: the leak the panel must show in red.
@MainActor private final class Parent {
    var children: [Child] = []
}

@MainActor private final class Child {
    var parent: Parent?
}

@MainActor private final class Registry {
    var bySource: [String: Child] = [:]
}

@MainActor
@Suite("Object graph")
struct ObjectGraphTests {
    private static let strengths = DeclaredStrengths([
        "ObjectGraphTests.Presenter.view": .weak,
        "ObjectGraphTests.Interactor.output": .weak,
        "ObjectGraphTests.Interactor.state": .unowned,
    ])

    private func makeModule() -> (View, SharedState) {
        let state = SharedState()
        let interactor = Interactor(state: state)
        let presenter = Presenter(interactor: interactor)
        let view = View(presenter: presenter)
        presenter.view = view
        interactor.output = presenter
        return (view, state)
    }

    @Test func findsEveryObjectWithItsReferencesAndTheirDeclaredStrength() throws {
        let (view, state) = makeModule()
        let graph = ObjectGraph(roots: [("module", view)], scope: .everything, strengths: Self.strengths)
        #expect(graph.nodes.map(\.typeName) == ["View", "Presenter", "Interactor", "SharedState"])
        #expect(graph.nodes.allSatisfy { $0.module == "ObjectGraphTests" })
        let edges = graph.nodes.flatMap { node in
            node.references.map { "\(node.typeName).\($0.name) → \(graph.nodes[$0.target].typeName) \($0.strength)" }
        }
        #expect(edges == [
            "View.presenter → Presenter strong",
            "Presenter.view → View weak",
            "Presenter.interactor → Interactor strong",
            "Interactor.output → Presenter weak",
            "Interactor.state → SharedState unowned",
        ])
        #expect(graph.referenceCount(.strong) == 2)
        #expect(graph.referenceCount(.weak) == 2)
        #expect(graph.strongCycles().isEmpty)
        withExtendedLifetime(state) {}
    }

    @Test func summarisesValuesAndSkipsObservationMachinery() {
        let (view, state) = makeModule()
        view.presenter.interactor.rows = (1...20).map { Row(title: "Flat \($0)", price: $0 * 100) }
        let graph = ObjectGraph(roots: [("module", view)], scope: .everything, strengths: Self.strengths)
        let values = graph.nodes.flatMap { node in node.values.map { "\(node.typeName).\($0.path) = \($0.summary)" } }
        #expect(values == [
            "View.title = \"Greeting\"",
            "Presenter.greeting = nil",
            "Interactor.rows = 20 items",
            "Interactor.loadTask = nil",
            "SharedState.person.first = \"David\"",
            "SharedState.person.last = \"Blaine\"",
            "SharedState.origin = .placeholder",
        ])
        withExtendedLifetime(state) {}
    }

    @Test func onlyObjectsInScopeAreOpened() {
        let (view, state) = makeModule()
        let graph = ObjectGraph(roots: [("module", view)], scope: ObjectGraph.Scope { _, _ in false }, strengths: Self.strengths)
        #expect(graph.nodes.count == 1)
        #expect(graph.nodes[0].isExpanded == false)
        #expect(graph.nodes[0].references.isEmpty)
        withExtendedLifetime(state) {}
    }

    @Test func aStrongCycleIsFoundWithItsPath() {
        let parent = Parent()
        let child = Child()
        parent.children = [child, Child()]
        child.parent = parent
        let graph = ObjectGraph(roots: [("parent", parent)], scope: .everything, strengths: DeclaredStrengths())
        let cycles = graph.strongCycles()
        #expect(cycles.count == 1)
        #expect(cycles.first.map { $0.map { graph.nodes[$0].typeName } } == ["Parent", "Child"])
        #expect(graph.nodes[0].references.map(\.name) == ["children[0]", "children[1]"])
        child.parent = nil
    }

    @Test func aDictionaryOfObjectsIsReadInKeyOrderWhateverItsHashing() {
        let registry = Registry()
        for source in ["secondHand", "all", "rent", "newHomes", "zeta", "beta"] { registry.bySource[source] = Child() }
        let graph = ObjectGraph(roots: [("registry", registry)], scope: .everything, strengths: DeclaredStrengths())
        #expect(graph.nodes[0].references.map(\.name) == [
            "bySource[all]", "bySource[beta]", "bySource[newHomes]", "bySource[rent]", "bySource[secondHand]", "bySource[zeta]",
        ])
        #expect(graph.nodes[0].values.map(\.summary) == ["6 items"])
    }

    @Test func aSecondWalkAfterAnActionSeesEveryChangeWhereverItIs() {
        let (view, state) = makeModule()
        let first = StateSnapshot(ObjectGraph(roots: [("module", view)], scope: .everything, strengths: Self.strengths))
        view.presenter.greeting = "Hello"
        view.presenter.interactor.rows = [Row(title: "A", price: 1)]
        state.person.first = "Ada"
        let second = StateSnapshot(ObjectGraph(roots: [("module", view)], scope: .everything, strengths: Self.strengths))
        #expect(second.changes(since: first).map(\.description) == [
            #"Presenter.greeting nil → "Hello""#, "Interactor.rows 0 → 1", #"SharedState.person.first "David" → "Ada""#,
        ])
    }

    @Test func survivorsAreTheObjectsStillAliveAfterTheRootsWent() {
        var graph: ObjectGraph?
        let state = SharedState()
        do {
            let interactor = Interactor(state: state)
            let view = View(presenter: Presenter(interactor: interactor))
            graph = ObjectGraph(roots: [("module", view)], scope: .everything, strengths: Self.strengths)
        }
        // The shared state is owned elsewhere; the module's three objects are freed.
        #expect(graph?.survivors().map(\.typeName) == ["SharedState"])
        withExtendedLifetime(state) {}
    }

    @Test func longAndHostileStringsAreCutAndEscaped() {
        let (view, state) = makeModule()
        view.presenter.greeting = String(repeating: "x", count: 5_000)
        state.person.first = "A\u{1B}[2Jb\n"
        let graph = ObjectGraph(roots: [("module", view)], scope: .everything, strengths: Self.strengths)
        let values = Dictionary(graph.nodes.flatMap { node in node.values.map { ("\(node.typeName).\($0.path)", $0.summary) } },
                                uniquingKeysWith: { first, _ in first })
        #expect(values["Presenter.greeting"] == "\"" + String(repeating: "x", count: 40) + "…\"")
        #expect(values["SharedState.person.first"] == #""A\u{1B}[2Jb\n""#)
    }
}

@MainActor
@Suite("State snapshot")
struct StateSnapshotTests {
    @Test func theDiffNamesWhatChangedBetweenTwoActions() {
        let state = SharedState()
        let interactor = Interactor(state: state)
        let presenter = Presenter(interactor: interactor)
        let roots: [(name: String, object: AnyObject)] = [("module", presenter)]
        let before = StateSnapshot(ObjectGraph(roots: roots, scope: .everything, strengths: DeclaredStrengths()))
        state.person.first = "Ada"
        interactor.rows = (1...20).map { Row(title: "\($0)", price: $0) }
        presenter.greeting = "Hello Ada Blaine"
        let after = StateSnapshot(ObjectGraph(roots: roots, scope: .everything, strengths: DeclaredStrengths()))
        #expect(after.changes(since: before).map(\.description) == [
            "Presenter.greeting nil → \"Hello Ada Blaine\"",
            "Interactor.rows 0 → 20",
            "SharedState.person.first \"David\" → \"Ada\"",
        ])
        #expect(after.changes(since: after).isEmpty)
    }

    @Test func valuesOfObjectsBuiltOrFreedShowAsAddedOrGone() {
        let first = StateSnapshot(entries: [.init(key: "GreetingPresenter.greeting", summary: "nil", count: nil, module: "MVP")])
        let second = StateSnapshot(entries: [.init(key: "ListingsPresenter.listings", summary: "0 items", count: 0, module: "MVP")])
        #expect(second.changes(since: first).map(\.description) == [
            "+ ListingsPresenter.listings 0", "− GreetingPresenter.greeting nil",
        ])
    }

    @Test func twoObjectsOfOneTypeAreNumbered() {
        let parent = Parent()
        parent.children = [Child(), Child()]
        let snapshot = StateSnapshot(ObjectGraph(roots: [("parent", parent)], scope: .everything, strengths: DeclaredStrengths()))
        #expect(snapshot.entries.map(\.key) == ["Parent.children", "Child.parent", "Child#2.parent"])
    }
}

import Observation
import Testing
@testable import ObjectGraph

// A role with every kind of stored property the walk meets, under a base class: read through
// `Mirror` with what is learned once per type, it must show each as the walk always has.
@MainActor private class Base {
    var count = 3
    let title = "base"
}

@MainActor private protocol Service: AnyObject {}
@MainActor private final class Manager: Service {}
@MainActor private final class Widget {}

private struct Price { var amount: Int; var currency: String }
private enum Phase { case idle, loading(Int) }
@MainActor private struct WeakBox { weak var target: Widget? }

@MainActor private final class Role: Base {
    let service: any Service = Manager()
    var widget: Widget? = Widget()
    var missing: Widget?
    var name = "Ada \u{1B}[31m"
    var isOn = true
    var ratio = 0.5
    var price = Price(amount: 950, currency: "EUR")
    var phase = Phase.loading(2)
    var rows = ["a", "b", "c", "d"]
    var widgets = [Widget(), Widget()]
    var byKey: [String: Widget] = ["b": Widget(), "a": Widget()]
    var scores: [String: Int] = ["b": 2, "a": 1]
    var tags: Set<String> = ["x"]
    var slice = [1, 2, 3, 4][1...]
    var phases: [Phase] = [.idle, .loading(1)]
    var maybeWidgets: [Widget?] = [Widget(), nil]
    var box = WeakBox()
    var onTap: () -> Void = {}
    lazy var later = Widget()
    var task: Task<Void, Never>?
    var running: Task<Void, Never>? = Task {}
    let registrar = ObservationRegistrar()
}

/// A base class that holds its owner weakly and its state unowned, and a role on it.
@MainActor private class WeakBase {
    weak var owner: Manager?
    unowned let state: Manager
    var count = 1
    init(state: Manager) { self.state = state }
}

@MainActor private final class RoleOnWeakBase: WeakBase {
    var name = "Grace"
    var widget = Widget()
}

/// A class that reflects itself: its children are its own to choose, object by object.
private final class Custom: CustomReflectable {
    var isOpen = false
    var customMirror: Mirror {
        isOpen ? Mirror(self, children: ["door": "open", "rooms": 2]) : Mirror(self, children: ["door": "shut"])
    }
}

@MainActor
@Suite("Stored fields read through Mirror")
struct StoredFieldsTests {
    private static let strengths = DeclaredStrengths([
        "ObjectGraphTests.WeakBase.owner": .weak,
        "ObjectGraphTests.WeakBase.state": .unowned,
        "ObjectGraphTests.WeakBox.target": .weak,
    ])

    private func graph(_ object: AnyObject, scope: ObjectGraph.Scope = .everything) -> ObjectGraph {
        ObjectGraph(roots: [("root", object)], scope: scope, strengths: Self.strengths)
    }

    private func values(_ node: ObjectNode) -> [String] { node.values.map { "\($0.path) = \($0.summary)" } }

    @Test func theFieldsOfEachClassAreNamedOnceOwnClassFirst() {
        let role = StoredFields.of(Role())
        #expect(!role.isCustom)
        #expect(role.levels.map(\.type.name) == ["Role", "Base"])
        #expect(role.levels.map { $0.names.compactMap { $0 } } == [
            ["service", "widget", "missing", "name", "isOn", "ratio", "price", "phase", "rows", "widgets", "byKey", "scores",
             "tags", "slice", "phases", "maybeWidgets", "box", "onTap", "later", "task", "running", "registrar"],
            ["count", "title"],
        ])
        // A class that makes its own mirror is not named by class: each object may list other fields.
        let custom = StoredFields.of(Custom())
        #expect(custom.isCustom)
        #expect(custom.levels.isEmpty)
    }

    @Test func everyKindOfPropertyIsShownAsTheWalkShowsIt() {
        let role = Role()
        let node = graph(role).nodes[0]
        #expect(values(node) == [
            #"missing = nil"#,
            #"name = "Ada \u{1B}[31m""#,
            "isOn = true",
            "ratio = 0.5",
            "price.amount = 950",
            #"price.currency = "EUR""#,
            "phase = .loading(2)",
            #"rows = 4 items: "a", "b", "c", …"#,
            "widgets = 2 items",
            "byKey = 2 items",
            "scores = 2 items: 1, 2",
            #"tags = 1 item: "x""#,
            "slice = 3 items: 2, 3, 4",
            "phases = 2 items: .idle, .loading(1)",
            "maybeWidgets = 2 items",
            "box.target = nil",
            "onTap = closure",
            "later = nil",
            "task = nil",
            "running = Task",
            "registrar = ObservationRegistrar",
            "count = 3",
            #"title = "base""#,
        ])
        #expect(node.references.map(\.name) == ["service", "widget", "widgets[0]", "widgets[1]", "byKey[a]", "byKey[b]", "maybeWidgets[0]"])
        #expect(node.references.allSatisfy { $0.declaringType == "ObjectGraphTests.Role" && $0.strength == .strong })
        #expect(node.values.suffix(2).allSatisfy { $0.declaringType == "ObjectGraphTests.Base" })
    }

    @Test func aLazyPropertyIsNamedWithoutItsStoragePrefix() {
        let role = Role()
        _ = role.later
        let node = graph(role).nodes[0]
        #expect(node.references.map(\.name).last == "later")
        #expect(!node.values.contains { $0.path.contains("lazy") || $0.path == "later" })
    }

    @Test func weakAndUnownedFieldsKeepTheirDeclaredStrengthInABaseClassAndABox() {
        let owner = Manager()
        let state = Manager()
        let role = RoleOnWeakBase(state: state)
        role.owner = owner
        let found = graph(role)
        let edges = found.nodes[0].references.map { "\($0.name) \($0.strength) \($0.declaringType)" }
        #expect(edges == [
            "widget strong ObjectGraphTests.RoleOnWeakBase",
            "owner weak ObjectGraphTests.WeakBase",
            "state unowned ObjectGraphTests.WeakBase",
        ])
        #expect(values(found.nodes[0]) == [#"name = "Grace""#, "count = 1"])

        let target = Widget()
        let boxed = Role()
        boxed.box.target = target
        let box = graph(boxed).nodes[0].references.first { $0.name == "box.target" }
        #expect(box?.strength == .weak)
        withExtendedLifetime((owner, state, target)) {}
    }

    @Test func aBaseClassIsReadOnlyWhenTheScopeInheritsItsModule() {
        let state = Manager()
        let role = RoleOnWeakBase(state: state)
        let ownOnly = ObjectGraph.Scope(opens: { _, _ in true }, inherits: { _ in false })
        let node = graph(role, scope: ownOnly).nodes[0]
        #expect(values(node) == [#"name = "Grace""#])
        #expect(node.references.map(\.name) == ["widget"])
        withExtendedLifetime(state) {}
    }

    @Test func aClassThatReflectsItselfIsReadAsItSaysEachTime() {
        let custom = Custom()
        #expect(values(graph(custom).nodes[0]) == [#"door = "shut""#])
        custom.isOpen = true
        #expect(values(graph(custom).nodes[0]) == [#"door = "open""#, "rooms = 2"])
    }

    @Test func anObjectReadAgainAfterAChangeShowsItsNewValues() {
        let role = Role()
        _ = graph(role)
        role.name = "Grace"
        role.widget = nil
        role.rows.removeAll()
        role.scores = ["z": 26]
        let after = Dictionary(uniqueKeysWithValues: graph(role).nodes[0].values.map { ($0.path, $0.summary) })
        #expect(after["name"] == #""Grace""#)
        #expect(after["widget"] == "nil")
        #expect(after["rows"] == "0 items")
        #expect(after["scores"] == "1 item: 26")
    }
}

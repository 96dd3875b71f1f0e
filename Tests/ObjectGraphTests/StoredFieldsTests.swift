import Testing
@testable import ObjectGraph

// A role with every kind of stored property the walk meets: read from memory, it must give what a
// mirror gives, name for name and value for value.
@MainActor private class Base {
    var count = 3
    let title = "base"
}

@MainActor private protocol Service: AnyObject {}
@MainActor private final class Manager: Service {}
@MainActor private final class Widget {}

private struct Price { var amount: Int; var currency: String }
private enum Phase { case idle, loading(Int) }

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
    var onTap: () -> Void = {}
    lazy var later = Widget()
    var task: Task<Void, Never>?
}

/// The same role under a base class that holds its owner weakly.
@MainActor private class WeakBase {
    weak var owner: Manager?
    var count = 1
}

@MainActor private final class RoleOnWeakBase: WeakBase {
    var name = "Grace"
    var widget = Widget()
}

@MainActor
@Suite("Stored fields read from memory")
struct StoredFieldsTests {
    private func graphs(_ object: AnyObject, scope: ObjectGraph.Scope = .everything) -> (memory: ObjectGraph, mirror: ObjectGraph) {
        let strengths = DeclaredStrengths(["ObjectGraphTests.WeakBase.owner": .weak])
        return (ObjectGraph(roots: [("root", object)], scope: scope, strengths: strengths, readsMemory: true),
                ObjectGraph(roots: [("root", object)], scope: scope, strengths: strengths, readsMemory: false))
    }

    @Test func theLayoutListsEachClassFieldsOwnClassFirstAndWhichClassesHoldAllStrongly() {
        let role = StoredFields.of(Role.self)
        #expect(role.levels.map(\.name) == ["Role", "Base"])
        #expect(role.fields.compactMap(\.name) == ["service", "widget", "missing", "name", "isOn", "ratio", "price", "phase",
                                                   "rows", "widgets", "byKey", "onTap", "later", "task", "count", "title"])
        #expect(role.strongLevels == 2)
        let onWeakBase = StoredFields.of(RoleOnWeakBase.self)
        #expect(onWeakBase.fields.compactMap(\.name) == ["name", "widget", "owner", "count"])
        // The subclass's own fields are strong; its base holds `owner` weakly.
        #expect(onWeakBase.strongLevels == 1)
    }

    @Test func readingMemoryFindsWhatAMirrorFinds() {
        let role = Role()
        _ = role.later
        let (memory, mirror) = graphs(role)
        #expect(memory.nodes == mirror.nodes)
        let values = Dictionary(uniqueKeysWithValues: memory.nodes[0].values.map { ($0.path, $0.summary) })
        #expect(values["name"] == #""Ada \u{1B}[31m""#)
        #expect(values["missing"] == "nil")
        #expect(values["price.amount"] == "950")
        #expect(values["rows"] == #"4 items: "a", "b", "c", …"#)
        #expect(values["count"] == "3")
        #expect(memory.nodes[0].references.map(\.name) == ["service", "widget", "widgets[0]", "widgets[1]", "byKey[a]", "byKey[b]", "later"])
    }

    @Test func aClassWithAWeakFieldIsReadThroughAMirrorUnlessThatClassIsNotRead() {
        let manager = Manager()
        let role = RoleOnWeakBase()
        role.owner = manager
        let (memory, mirror) = graphs(role)
        #expect(memory.nodes == mirror.nodes)
        #expect(memory.nodes[0].references.map(\.name) == ["widget", "owner"])
        #expect(memory.nodes[0].references[1].strength == .weak)

        // Its own class alone holds every field strongly: read from memory, the same as a mirror.
        let ownOnly = ObjectGraph.Scope(opens: { _, _ in true }, inherits: { _ in false })
        let (memoryOwn, mirrorOwn) = graphs(role, scope: ownOnly)
        #expect(memoryOwn.nodes == mirrorOwn.nodes)
        #expect(memoryOwn.nodes[0].values.map(\.path) == ["name"])
    }

    @Test func anObjectReadAgainAfterAChangeShowsItsNewValues() {
        let role = Role()
        _ = ObjectGraph(roots: [("root", role)], scope: .everything, strengths: DeclaredStrengths())
        role.name = "Grace"
        role.widget = nil
        role.rows.removeAll()
        let after = ObjectGraph(roots: [("root", role)], scope: .everything, strengths: DeclaredStrengths())
        let values = Dictionary(uniqueKeysWithValues: after.nodes[0].values.map { ($0.path, $0.summary) })
        #expect(values["name"] == #""Grace""#)
        #expect(values["widget"] == "nil")
        #expect(values["rows"] == "0 items")
    }
}

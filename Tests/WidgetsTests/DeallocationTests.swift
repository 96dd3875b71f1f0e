import Terminal
import Testing
import Widgets

@MainActor
private final class DetailController: ViewController, TextFieldDelegate, ListViewDataSource, ListViewDelegate {
    let field = TextField(title: "Name")
    let button = Button(title: "Save")
    let list = ListView()

    override func viewDidLoad() {
        // Every back-reference a pattern would create: delegates, data source, targets.
        field.delegate = self
        field.addTarget(self, action: DetailController.save, for: .editingDidEnd)
        button.addTarget(self, action: DetailController.save)
        list.dataSource = self
        list.delegate = self
        view.addSubview(StackView(arrangedSubviews: [field, button, list], flexibleView: list))
        addChild(ViewController())
    }

    func save() {}
    func numberOfRows(in listView: ListView) -> Int { 3 }
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell { ListCell(title: "Row \(row)") }
}

@MainActor
@Suite struct DeallocationTests {
    @Test func windowNavigationControllersAndViewsAllDeallocate() {
        weak var weakWindow: Window?
        weak var weakNavigation: NavigationController?
        weak var weakRoot: ViewController?
        weak var weakDetail: DetailController?
        weak var weakChild: ViewController?
        weak var weakField: TextField?
        weak var weakList: ListView?
        weak var weakRootView: View?

        do {
            let root = FormViewController(title: "Root", views: [Button(title: "Open")])
            let navigation = NavigationController(rootViewController: root)
            let window = Window(rootViewController: navigation)
            var frames = 0
            window.onNeedsDisplay = { frames += 1 }
            window.appear()
            let detail = DetailController()
            navigation.pushViewController(detail)
            _ = render(window, size: Size(width: 30, height: 12))
            _ = window.handleKey(.character("z"))
            _ = window.handleKey(.down)
            #expect(window.focusedView != nil)

            weakWindow = window
            weakNavigation = navigation
            weakRoot = root
            weakDetail = detail
            weakChild = detail.children.first
            weakField = detail.field
            weakList = detail.list
            weakRootView = navigation.view
            window.disappear()
        }

        #expect(weakWindow == nil)
        #expect(weakNavigation == nil)
        #expect(weakRoot == nil)
        #expect(weakDetail == nil)
        #expect(weakChild == nil)
        #expect(weakField == nil)
        #expect(weakList == nil)
        #expect(weakRootView == nil)
    }

    @Test func poppedControllerDeallocatesWhileTheStackLives() {
        let navigation = NavigationController(rootViewController: ViewController())
        let window = Window(rootViewController: navigation)
        window.appear()
        weak var weakDetail: DetailController?
        do {
            let detail = DetailController()
            weakDetail = detail
            navigation.pushViewController(detail)
            _ = render(window, size: Size(width: 30, height: 10))
            navigation.popViewController()
        }
        #expect(weakDetail == nil)
    }
}

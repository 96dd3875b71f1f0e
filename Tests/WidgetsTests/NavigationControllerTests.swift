import Terminal
import Testing
import Widgets

@MainActor
@Suite struct NavigationControllerTests {
    private func makeStack(log: @escaping @MainActor (String) -> Void) -> (NavigationController, FormViewController) {
        let listings = FormViewController(title: "Listings", views: [Button(title: "Open")])
        listings.log = log
        return (NavigationController(rootViewController: listings), listings)
    }

    @Test func lifeCycleRunsInUIKitOrder() {
        var calls: [String] = []
        let (navigation, _) = makeStack { calls.append($0) }
        let window = Window(rootViewController: navigation)
        window.appear()
        #expect(calls == ["Listings.viewWillAppear", "Listings.viewDidAppear"])

        calls.removeAll()
        let detail = FormViewController(title: "静安 loft", views: [Label(text: "2 rooms")])
        detail.log = { calls.append($0) }
        navigation.pushViewController(detail)
        #expect(calls == [
            "Listings.viewWillDisappear", "静安 loft.viewWillAppear",
            "Listings.viewDidDisappear", "静安 loft.viewDidAppear",
        ])
        #expect(detail.navigationController === navigation)
        #expect(detail.parent === navigation)

        calls.removeAll()
        let popped = navigation.popViewController()
        #expect(popped === detail)
        #expect(calls == [
            "静安 loft.viewWillDisappear", "Listings.viewWillAppear",
            "静安 loft.viewDidDisappear", "Listings.viewDidAppear",
        ])
        #expect(detail.navigationController == nil)
        #expect(navigation.popViewController() == nil)  // the root stays

        calls.removeAll()
        window.disappear()
        #expect(calls == ["Listings.viewWillDisappear", "Listings.viewDidDisappear"])
        window.disappear()  // twice is harmless
        #expect(calls.count == 2)
    }

    @Test func pushBeforeAppearingRunsNoHooks() {
        var calls: [String] = []
        let (navigation, _) = makeStack { calls.append($0) }
        let detail = FormViewController(title: "Detail", views: [])
        detail.log = { calls.append($0) }
        navigation.pushViewController(detail)
        #expect(calls.isEmpty)
        Window(rootViewController: navigation).appear()
        #expect(calls == ["Detail.viewWillAppear", "Detail.viewDidAppear"])  // only the top appears
    }

    @Test func drawsBreadcrumbAboveTheTopView() {
        let (navigation, _) = makeStack { _ in }
        navigation.pushViewController(FormViewController(title: "静安 loft", views: [Label(text: "2 rooms")]))
        let window = Window(rootViewController: navigation)
        let screen = render(window, size: Size(width: 30, height: 3))
        #expect(lines(screen) == ["Listings › 静安 loft", "2 rooms", ""])
        let narrow = render(window, size: Size(width: 14, height: 1))
        #expect(narrow.text == "… › 静安 loft")
    }

    @Test func escapeAndBackspacePopUnlessAViewConsumesThem() {
        let (navigation, _) = makeStack { _ in }
        let window = Window(rootViewController: navigation)
        window.appear()
        let field = TextField(title: "Name")
        navigation.pushViewController(FormViewController(title: "Edit", views: [field]))
        #expect(window.focusedView == nil)  // a new screen never starts in a text field
        window.focus(field)
        _ = window.handleKey(.character("a"))
        #expect(window.handleKey(.backspace))  // the field deletes "a"
        #expect(field.text.isEmpty)
        #expect(navigation.viewControllers.count == 2)
        #expect(window.handleKey(.escape))  // Esc leaves the field (nothing else to focus)...
        #expect(window.focusedView == nil)
        #expect(navigation.viewControllers.count == 2)
        #expect(window.handleKey(.escape))  // ...and the next one pops
        #expect(navigation.viewControllers.count == 1)
        #expect(!window.handleKey(.escape))  // at the root Esc goes to the shell
    }

    @Test func popRestoresTheFocusOfTheUncoveredScreen() {
        let first = Button(title: "First")
        let second = Button(title: "Second")
        let navigation = NavigationController(rootViewController: FormViewController(views: [first, second]))
        let window = Window(rootViewController: navigation)
        window.appear()
        window.focus(second)
        let field = TextField()
        navigation.pushViewController(FormViewController(views: [field]))
        window.focus(field)
        #expect(window.focusedView === field)
        navigation.popViewController()
        #expect(window.focusedView === second)
    }
}

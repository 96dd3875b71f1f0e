import Terminal
import Widgets

/// A test controller whose view stacks the given views, and which records the keys it is offered.
@MainActor
final class FormViewController: ViewController {
    private let arranged: [View]
    var offeredKeys: [Key] = []
    var consumes: Set<Key> = []
    var log: (@MainActor (String) -> Void)?

    init(title: String = "Form", views: [View]) {
        arranged = views
        super.init()
        self.title = title
    }

    override func loadView() {
        view = StackView(arrangedSubviews: arranged, spacing: 0)
    }

    override func handleKey(_ key: Key) -> Bool {
        offeredKeys.append(key)
        log?("\(title).handleKey")
        return consumes.contains(key)
    }

    override func viewWillAppear() { log?("\(title).viewWillAppear") }
    override func viewDidAppear() { log?("\(title).viewDidAppear") }
    override func viewWillDisappear() { log?("\(title).viewWillDisappear") }
    override func viewDidDisappear() { log?("\(title).viewDidDisappear") }
}

import ScreenViews
import Terminal
import Tracing
import Widgets

/// VIPER's View of the listing detail: shows what the presenter formatted; Esc and Backspace go
/// to the presenter, which asks the router to go back.
final class ListingDetailViewController: ViewController {
    let eventHandler: any ListingDetailViewEventHandler

    init(eventHandler: any ListingDetailViewEventHandler) {
        self.eventHandler = eventHandler
        super.init()
    }

    // MARK: - Life cycle

    override func loadView() {
        view = detailView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.view, self, "loaded")
        eventHandler.viewDidLoad()
    }

    // MARK: - Event response

    /// Back is the router's to do; the navigation controller would do it alone otherwise.
    override func handleKey(_ key: Key) -> Bool {
        guard key == .escape || key == .backspace else { return false }
        trace(.view, self, "\(key)")
        eventHandler.didRequestBack()
        return true
    }

    // MARK: - Getters and setters

    private lazy var detailView = ListingDetailView()
}

// MARK: - ListingDetailViewInterface

extension ListingDetailViewController: ListingDetailViewInterface {
    func showTitle(_ title: String) {
        trace(.view, self, title)
        self.title = title
    }

    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)]) {
        trace(.view, self, "\(fields.count) fields, \(mappings.count) raw keys")
        detailView.show(fields: fields, service: service, mappings: mappings)
    }
}

import ScreenViews
import Tracing
import Widgets

/// VIPER's View of the listing detail: shows what the presenter formatted. Esc and Backspace are
/// the navigation controller's, as in the other patterns.
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
        @Traced(.view, self, "loaded") var call
        eventHandler.viewDidLoad()
    }

    // MARK: - Getters and setters

    private lazy var detailView = ListingDetailView()
}

// MARK: - ListingDetailViewInterface

extension ListingDetailViewController: ListingDetailViewInterface {
    func showTitle(_ title: String) {
        @Traced(.view, self, title) var call
        self.title = title
    }

    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)]) {
        @Traced(.view, self, "\(fields.count) fields, \(mappings.count) raw keys") var call
        detailView.show(fields: fields, service: service, mappings: mappings)
    }

    func showPicture(_ picture: ListingPictureData?, caption: String) {
        @Traced(.view, self, picture.map { "picture \($0.width)×\($0.height)" } ?? caption) var call
        detailView.showPicture(picture.map { PixelImage(width: $0.width, height: $0.height, rgb: $0.rgb) }, caption: caption)
    }
}

import Model
import ScreenViews
import Tracing
import Widgets

/// MVP's View for the listing detail: tells its presenter it loaded, shows what it is told.
final class ListingDetailViewController: ViewController, ListingDetailView {
    /// Set by `ListingDetailBuilder`. Strong: the view owns its presenter.
    var presenter: (any ListingDetailViewPresenter)!

    // MARK: - Life cycle

    override func loadView() {
        view = detailView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        @Traced(.view, self, "loaded → presenter") var call
        presenter.viewDidLoad()
    }

    // MARK: - ListingDetailView

    func showTitle(_ title: String) {
        @Traced(.view, self, "title \(title)") var call
        self.title = title
    }

    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)]) {
        @Traced(.view, self, "\(fields.count) fields, \(mappings.count) raw keys") var call
        detailView.show(fields: fields, service: service, mappings: mappings)
    }

    func showPicture(_ picture: Picture?, caption: String) {
        @Traced(.view, self, picture.map { "picture \($0.width)×\($0.height)" } ?? caption) var call
        detailView.showPicture(picture.map { PixelImage(width: $0.width, height: $0.height, rgb: $0.rgb) }, caption: caption)
    }

    // MARK: - Getters and setters

    /// The shared drawing view (module-qualified: MVP's `ListingDetailView` is the protocol above).
    private lazy var detailView = ScreenViews.ListingDetailView()
}

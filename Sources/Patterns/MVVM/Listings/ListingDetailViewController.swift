import ScreenViews
import Tracing
import Widgets

/// MVVM's View for the listing detail: binds its view model — a plain value, since nothing on this
/// screen changes — to the shared `ListingDetailView` once, when the view loads.
final class ListingDetailViewController: ViewController {
    private let viewModel: ListingDetailViewModel

    init(viewModel: ListingDetailViewModel) {
        self.viewModel = viewModel
        super.init()
        title = viewModel.title
    }

    // MARK: - Life cycle

    override func loadView() {
        view = detailView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        bindViewModel()
    }

    // MARK: - Binding

    private func bindViewModel() {
        trace(.view, self, "\(viewModel.fields.count) fields, \(viewModel.mappings.count) mappings ← view model")
        detailView.show(
            fields: viewModel.fields.map { ($0.name, $0.value) },
            service: viewModel.serviceName,
            mappings: viewModel.mappings.map { ($0.rawKey, $0.field, $0.value) })
    }

    // MARK: - Getters and setters

    private lazy var detailView = ListingDetailView()
}

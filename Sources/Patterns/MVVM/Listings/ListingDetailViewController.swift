import ScreenViews
import Tracing
import Widgets

/// MVVM's View for the listing detail: shows its view model's fixed fields once, when the view
/// loads, binds the picture — the one thing that changes — and asks the view model to load it.
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
        @Traced(.view, self, "\(viewModel.fields.count) fields, \(viewModel.mappings.count) mappings ← view model") var call
        detailView.show(
            fields: viewModel.fields.map { ($0.name, $0.value) },
            service: viewModel.serviceName,
            mappings: viewModel.mappings.map { ($0.rawKey, $0.field, $0.value) })
        viewModel.picture.bind(self, ListingDetailViewController.showPicture)
        viewModel.loadPicture()
    }

    private func showPicture(_ state: ListingDetailViewModel.PictureState) {
        guard state != .none else { return }
        @Traced(.view, self, state.picture.map { "picture \($0.width)×\($0.height)" } ?? state.caption) var call
        detailView.showPicture(state.picture.map { PixelImage(width: $0.width, height: $0.height, rgb: $0.rgb) },
                               caption: state.caption)
    }

    // MARK: - Getters and setters

    private lazy var detailView = ListingDetailView()
}

import Model
import Networking
import ModelServices
import Testing
@testable import MVP
import TestSupport

/// The detail presenter with a spy view: the rows come from the list manager's loaded data through
/// the second reformer, and nothing is loaded again.
@MainActor
@Suite("MVP: listing detail presenter", .timeLimit(.minutes(1)))
struct MVPListingDetailPresenterTests {
    /// Records what the presenter told the view.
    final class SpyListingDetailView: ListingDetailView {
        var title: String?
        var fields: [(name: String, value: String)] = []
        var service: String?
        var mappings: [(rawKey: String, field: String, value: String)] = []
        var pictures: [String] = []
        private let arrivals = Arrivals()

        func showTitle(_ title: String) { self.title = title }
        func showPicture(_ picture: Picture?, caption: String) {
            pictures.append((picture.map { "\($0.width)×\($0.height)" } ?? "none") + ": " + caption)
            arrivals.arrived()
        }

        /// Returns once the view was told `count` pictures or captions: loads land on a later turn.
        func untilPictures(_ count: Int) async {
            await arrivals.until(count)
        }
        func showDetail(fields: [(name: String, value: String)], service: String,
                        mappings: [(rawKey: String, field: String, value: String)]) {
            self.fields = fields
            self.service = service
            self.mappings = mappings
        }
    }

    /// A list manager of `kind` with its first page loaded, and that page's first listing.
    private func loadedManager(
        _ kind: ListingKind, on network: PatternTestNetwork
    ) async throws -> (manager: any PagedAPIManaging, first: Listing) {
        let manager = network.environment.makeListManager(for: kind, landingPoint: network.landingPoint)
        manager.loadFirstPage()
        await network.settle()
        return (manager, try #require(manager.fetchData(with: ListingReformer())?.first))
    }

    @Test("fields and raw keys from the manager's loaded data, by global id; no request is sent")
    func detailRowsFromTheReformer() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let (manager, listing) = try await loadedManager(.newHome, on: network)
        let view = SpyListingDetailView()
        let presenter = ListingDetailPresenter(
            view: view, listingID: listing.globalID, manager: manager, pictureService: FakePictureService())

        network.traced("Enter") { presenter.viewDidLoad() }

        #expect(view.title == listing.name)
        #expect(view.fields.map { $0.name } == ["Name", "Title", "Kind", "Price", "Area", "District", "Image"])
        #expect(view.fields.first { $0.name == "Kind" }?.value == "New home")
        #expect(view.service == "xinfang")
        #expect(view.mappings.contains { $0.rawKey == "xinfang_name" && $0.field == "name" && $0.value == listing.name })
        #expect(!network.traceDetails.contains { $0.contains("GET") })
    }

    @Test("a listing the loaded data does not hold shows the one fallback")
    func missingFallback() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let (manager, _) = try await loadedManager(.rent, on: network)
        let view = SpyListingDetailView()
        let pictures = FakePictureService()
        ListingDetailPresenter(view: view, listingID: "rent:gone", manager: manager, pictureService: pictures).viewDidLoad()
        #expect(view.title == "Listing")
        #expect(view.fields.map { "\($0.name) \($0.value)" } == ["Listing rent:gone", "Status \(ListingDetail.missingText)"])
        #expect(view.mappings.isEmpty)
        #expect(view.pictures.isEmpty && pictures.requestedURLs.isEmpty, "a missing listing has no picture")
    }

    @Test("the picture: a loading caption, then the picture; a failure shows its reason")
    func picture() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let (manager, listing) = try await loadedManager(.rent, on: network)
        let pictures = FakePictureService()
        let view = SpyListingDetailView()
        let presenter = ListingDetailPresenter(view: view, listingID: listing.globalID, manager: manager, pictureService: pictures)
        presenter.viewDidLoad()
        #expect(pictures.requestedURLs == [listing.imageURL])
        #expect(view.pictures == ["none: Loading picture…"])
        pictures.reply(.success(FakePictureService.picture))
        await view.untilPictures(2)
        #expect(view.pictures == ["none: Loading picture…", "2×2: "])

        let other = SpyListingDetailView()
        let failing = ListingDetailPresenter(view: other, listingID: listing.globalID, manager: manager, pictureService: pictures)
        failing.viewDidLoad()
        pictures.reply(.failure(.failed(userMessage: "No picture: The request timed out.", shortName: "timeout")))
        await other.untilPictures(2)
        #expect(other.pictures.last == "none: No picture: The request timed out.")
    }

    @Test("a presenter that goes away cancels its picture's load; the view is told nothing more")
    func goingAwayCancels() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let (manager, listing) = try await loadedManager(.rent, on: network)
        let pictures = FakePictureService()
        let view = SpyListingDetailView()
        var presenter: ListingDetailPresenter? = ListingDetailPresenter(
            view: view, listingID: listing.globalID, manager: manager, pictureService: pictures)
        presenter?.viewDidLoad()
        presenter = nil
        await pictures.untilIdle()
        #expect(view.pictures == ["none: Loading picture…"])
    }
}

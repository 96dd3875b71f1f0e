import Model
import Networking
import ModelServices
import Testing
@testable import VIPER
import TestSupport

/// The detail module's interactor: plain data from the second reformer over data the list already
/// loaded, without a request; a listing the data does not hold is reported as missing.
@MainActor
@Suite("VIPER listing detail interactor", .timeLimit(.minutes(1)))
struct VIPERListingDetailInteractorTests {
    /// A list manager of `source` with its first page loaded, as the list leaves it, and that
    /// page's first listing.
    private func loadedManager(_ source: ListingSource, on network: NetworkEnvironment) async throws
        -> (any PagedDataManaging, Listing) {
        let manager = network.makeListManager(for: source, landingPoint: network.makeLandingPoint("test"))
        manager.loadFirstPage()
        await network.settle()
        let listing = try #require(manager.fetchData(with: ListingReformer())?.first)
        return (manager, listing)
    }

    @Test("the interactor reads the listing from the manager's loaded data by its global id, loading nothing")
    func rowsFromTheReformer() async throws {
        let network = TestNetwork().environment
        let (manager, listing) = try await loadedManager(.secondHand, on: network)
        let sent = network.journal.records.count
        let output = OutputSpy()
        let interactor = ListingDetailInteractor(manager: manager, listingID: listing.globalID, pictureService: FakePictureService())
        interactor.output = output
        interactor.provideDetail()
        let detail = try #require(output.detail)
        #expect(detail.name == listing.name)
        #expect(detail.kindLabel == "Second-hand")
        #expect(detail.serviceName == "esf")
        #expect(detail.mappings.first == .init(rawKey: "esf_id", field: "id", value: listing.id))
        #expect(output.missing == nil)
        #expect(network.monitor.inFlight == 0)
        #expect(network.journal.records.count == sent, "no call to any manager")
    }

    @Test("from All: the listing is found in the data of the team's API that holds it, by its global id")
    func fromAll() async throws {
        let network = TestNetwork().environment
        let (manager, _) = try await loadedManager(.all, on: network)
        let newHome = try #require(manager.fetchData(with: ListingReformer())?.first { $0.kind == .newHome })
        let output = OutputSpy()
        let interactor = ListingDetailInteractor(manager: manager, listingID: newHome.globalID, pictureService: FakePictureService())
        interactor.output = output
        interactor.provideDetail()
        let detail = try #require(output.detail)
        #expect(detail.name == newHome.name)
        #expect(detail.kindLabel == "New home")
        #expect(detail.serviceName == "xinfang")
        #expect(detail.mappings.contains { $0.rawKey == "xinfang_name" })
    }

    @Test("a listing the loaded data does not hold is reported as missing, by its id")
    func missingListing() async throws {
        let network = TestNetwork().environment
        let (manager, listing) = try await loadedManager(.rent, on: network)
        let output = OutputSpy()
        let pictures = FakePictureService()
        let interactor = ListingDetailInteractor(manager: manager, listingID: "rent:gone", pictureService: pictures)
        interactor.output = output
        interactor.provideDetail()
        interactor.providePicture()
        #expect(output.detail == nil)
        #expect(output.missing == "rent:gone")
        #expect(pictures.requestedURLs.isEmpty, "a missing listing has no picture to load")

        // The id is global: a loaded listing's id under another kind is not that listing.
        let elsewhere = ListingDetailInteractor(manager: manager, listingID: "newHome:" + listing.id, pictureService: pictures)
        elsewhere.output = output
        elsewhere.provideDetail()
        #expect(output.detail == nil)
        #expect(output.missing == "newHome:" + listing.id)
    }

    @Test("the picture: asked for at the listing's URL, handed on as plain pixels; a failure as its reason")
    func picture() async throws {
        let network = TestNetwork().environment
        let (manager, listing) = try await loadedManager(.rent, on: network)
        let output = OutputSpy()
        let pictures = FakePictureService()
        let interactor = ListingDetailInteractor(manager: manager, listingID: listing.globalID, pictureService: pictures)
        interactor.output = output
        interactor.provideDetail()
        interactor.providePicture()
        interactor.providePicture()  // once only
        #expect(pictures.requestedURLs == [listing.imageURL])
        #expect(output.pictureEvents == ["will load"])
        pictures.reply(.success(FakePictureService.picture))
        await output.untilEvents(2)
        #expect(output.picture == ListingPictureData(width: 2, height: 2, rgb: FakePictureService.picture.rgb))

        let failing = ListingDetailInteractor(manager: manager, listingID: listing.globalID, pictureService: pictures)
        failing.output = output
        failing.provideDetail()
        failing.providePicture()
        pictures.reply(.failure(.failed(userMessage: "Pictures are off on 2G.", shortName: "pictures off")))
        await output.untilEvents(4)
        #expect(output.pictureEvents.last == "failed: Pictures are off on 2G.")
    }

    @Test("an interactor that goes away cancels its picture's load; nothing is delivered")
    func goingAwayCancels() async throws {
        let network = TestNetwork().environment
        let (manager, listing) = try await loadedManager(.rent, on: network)
        let output = OutputSpy()
        let pictures = FakePictureService()
        var interactor: ListingDetailInteractor? = ListingDetailInteractor(
            manager: manager, listingID: listing.globalID, pictureService: pictures)
        interactor?.output = output
        interactor?.provideDetail()
        interactor?.providePicture()
        #expect(pictures.isLoading)
        interactor = nil
        await pictures.untilIdle()
        #expect(output.pictureEvents == ["will load"])
    }
}

@MainActor
private final class OutputSpy: ListingDetailInteractorOutput {
    var detail: ListingDetailData?
    var missing: String?

    var picture: ListingPictureData?
    var pictureEvents: [String] = []
    private let arrivals = Arrivals()

    func didProvideDetail(_ detail: ListingDetailData) { self.detail = detail }
    func didNotFindDetail(listingID: String) { missing = listingID }
    func willLoadPicture() { record("will load") }
    func didLoadPicture(_ picture: ListingPictureData) {
        self.picture = picture
        record("loaded")
    }
    func didFailToLoadPicture(reason: String) { record("failed: \(reason)") }

    /// Returns once `count` picture events have arrived: the loads land on a later turn.
    func untilEvents(_ count: Int) async {
        await arrivals.until(count)
    }

    private func record(_ event: String) {
        pictureEvents.append(event)
        arrivals.arrived()
    }
}

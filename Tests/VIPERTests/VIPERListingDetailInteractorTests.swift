import Model
import Networking
import Reformers
import Testing
@testable import VIPER
import TestSupport

/// The detail module's interactor: plain data from the second reformer over data the list already
/// loaded, without a request; a listing the data does not hold is reported as missing.
@MainActor
@Suite("VIPER listing detail interactor")
struct VIPERListingDetailInteractorTests {
    @Test("the interactor reads the listing from the feed's loaded data by id, loading nothing")
    func rowsFromTheReformer() async throws {
        let network = TestNetwork().environment
        let feed = TeamListingsFeed(manager: network.makeSecondHandListManager(landingPoint: network.makeLandingPoint("test")))
        let listing = try #require(try await feed.loadFirstPage().first)
        let output = OutputSpy()
        let interactor = ListingDetailInteractor(feed: feed, listingID: listing.globalID, pictureService: FakePictureService())
        interactor.output = output
        interactor.provideDetail()
        let detail = try #require(output.detail)
        #expect(detail.name == listing.name)
        #expect(detail.kindLabel == "Second-hand")
        #expect(detail.serviceName == "esf")
        #expect(detail.mappings.first == .init(rawKey: "esf_id", field: "id", value: listing.id))
        #expect(output.missing == nil)
        #expect(network.monitor.inFlight == 0)
    }

    @Test("a listing the loaded data does not hold is reported as missing, by its id")
    func missingListing() async throws {
        let network = TestNetwork().environment
        let feed = TeamListingsFeed(manager: network.makeRentListManager(landingPoint: network.makeLandingPoint("test")))
        _ = try await feed.loadFirstPage()
        let output = OutputSpy()
        let pictures = FakePictureService()
        let interactor = ListingDetailInteractor(feed: feed, listingID: "rent:gone", pictureService: pictures)
        interactor.output = output
        interactor.provideDetail()
        interactor.providePicture()
        #expect(output.detail == nil)
        #expect(output.missing == "rent:gone")
        #expect(pictures.requestedURLs.isEmpty, "a missing listing has no picture to load")
    }

    @Test("the picture: asked for at the listing's URL, handed on as plain pixels; a failure as its reason")
    func picture() async throws {
        let network = TestNetwork().environment
        let feed = TeamListingsFeed(manager: network.makeRentListManager(landingPoint: network.makeLandingPoint("test")))
        let listing = try #require(try await feed.loadFirstPage().first)
        let output = OutputSpy()
        let pictures = FakePictureService()
        let interactor = ListingDetailInteractor(feed: feed, listingID: listing.globalID, pictureService: pictures)
        interactor.output = output
        interactor.provideDetail()
        interactor.providePicture()
        interactor.providePicture()  // once only
        #expect(pictures.requestedURLs == [listing.imageURL])
        #expect(output.pictureEvents == ["will load"])
        pictures.reply(.success(FakePictureService.picture))
        await output.untilEvents(2)
        #expect(output.picture == ListingPictureData(width: 2, height: 2, rgb: FakePictureService.picture.rgb))

        let failing = ListingDetailInteractor(feed: feed, listingID: listing.globalID, pictureService: pictures)
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
        let feed = TeamListingsFeed(manager: network.makeRentListManager(landingPoint: network.makeLandingPoint("test")))
        let listing = try #require(try await feed.loadFirstPage().first)
        let output = OutputSpy()
        let pictures = FakePictureService()
        var interactor: ListingDetailInteractor? = ListingDetailInteractor(
            feed: feed, listingID: listing.globalID, pictureService: pictures)
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

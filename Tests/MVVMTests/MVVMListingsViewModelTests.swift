import FakeServer
import Model
import Networking
import ModelServices
import Testing
@testable import MVVM
import TestSupport

/// The list's view model with no view at all: inputs in, outputs read. Every rule of the screen —
/// sources, cancel-previous, ignore-if-loading, paging, selection, the detail's data — is here.
@MainActor
@Suite("MVVM: listings view model", .timeLimit(.minutes(1)))
struct MVVMListingsViewModelTests {
    static let firstRent = "龙湖天街27号楼"
    static let firstNewHome = "仁恒河滨24号楼"

    /// The view model over one list manager per source, as `ListingsBuilder` assembles it.
    func makeViewModel(_ network: PatternTestNetwork, appState: AppState = AppState()) -> ListingsViewModel {
        ListingsViewModel(
            appState: appState, managers: network.environment.makeListManagers(landingPoint: network.landingPoint),
            networkStatus: network.environment.makeNetworkStatus(), pictureService: FakePictureService())
    }

    /// The pages the managers really sent to the server, in order (not those answered from the
    /// cache, ignored or joined): what the network inspector lists as sent.
    func sentPages(_ network: PatternTestNetwork) -> [Int?] {
        network.environment.journal.records.filter { $0.sentAt != nil }.map(\.page)
    }

    /// Why the managers ignored calls, in order: the calls that sent nothing.
    func ignoredReasons(_ network: PatternTestNetwork) -> [String] {
        network.environment.journal.records.compactMap { record in
            guard case .ignored(let reason, _) = record.outcome else { return nil }
            return reason
        }
    }

    @Test("first page: loading status, then rows as the cells show them, the first selected")
    func firstPage() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        #expect(viewModel.status.value == DisplayText("Loading Rent listings …"))
        await network.settle()  // the load's task sends the request
        await network.advance(by: .milliseconds(300))
        #expect(viewModel.status.value == .empty)
        #expect(viewModel.rows.value.count == 20)
        let first = try #require(viewModel.rows.value.first)
        #expect(first[.id] == "rent:r-001")
        #expect(first[.name] == Self.firstRent)
        #expect(first[.title]?.hasPrefix("Rent · ") == true)
        #expect(first[.price] == "¥3,900/month")
        #expect(viewModel.selectedRow.value == 0)
        #expect(viewModel.footer.value == nil)
    }

    @Test("nextDistrict: the view model, the managers' parameter source, publishes the district and its rows")
    func district() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        viewModel.viewDidLoad()
        #expect(viewModel.district.value == "District: any · d: next")
        await network.settle()
        viewModel.nextDistrict()
        #expect(appState.district == "海淀区" && viewModel.district.value == "District: 海淀区 · d: next")
        await network.settle()
        #expect(viewModel.rows.value.count == 7)
        #expect(network.environment.journal.records.last?.parameters?[ListingParameter.district] == "海淀区")
    }

    @Test("switching source cancels the previous load; only the new source shows")
    func switchCancelsPrevious() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        viewModel.viewDidLoad()
        await network.settle()
        network.traced("→") { viewModel.selectSource(at: 1) }
        await network.settle()
        #expect(appState.listingSource == .newHomes)
        #expect(viewModel.sourceIndex.value == 1)
        #expect(viewModel.status.value == DisplayText("Loading New homes listings …"))
        #expect(network.traceDetails.contains { $0.contains("cancelled: GET rent.list") })
        await network.advance(by: .milliseconds(300))
        #expect(viewModel.rows.value.first?[.name] == Self.firstNewHome)
        #expect(viewModel.rows.value.allSatisfy { $0[.title]?.hasPrefix("New home · ") == true })
    }

    @Test("a source shown again within the cache lifetime is a cache hit")
    func cacheHitOnReturn() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        await network.settle()
        viewModel.selectSource(at: 1)
        await network.settle()
        network.traced("←") { viewModel.selectSource(at: 0) }
        await network.settle()
        #expect(network.traceDetails.contains { $0.contains("cache hit") })
        #expect(viewModel.rows.value.first?[.name] == Self.firstRent)
    }

    @Test("reaching the last row pages to the end: loading more …, then no more listings")
    func pagingToTheEnd() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel = makeViewModel(network)
        let footer = MVVMRecorder(viewModel.footer)
        viewModel.viewDidLoad()
        await network.settle()
        for _ in 0..<5 where viewModel.footer.value == nil {
            viewModel.loadNextPage()
            await network.settle()
        }
        #expect(viewModel.rows.value.count == 72)
        #expect(footer.values.contains("loading more …"))
        #expect(viewModel.footer.value == "no more listings")
        viewModel.loadNextPage()  // at the end: nothing more is asked for
        #expect(network.environment.monitor.inFlight == 0)
    }

    @Test("a failed next page keeps the rows and says why; reaching the end again retries")
    func nextPageFailure() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        await network.settle()
        network.environment.scenario?.offline = true
        viewModel.loadNextPage()
        await network.settle()
        #expect(viewModel.rows.value.count == 20)
        #expect(viewModel.status.value.isError)
        #expect(viewModel.footer.value == nil)
        network.environment.scenario?.offline = false
        viewModel.loadNextPage()
        await network.settle()
        #expect(viewModel.rows.value.count == 40)
        #expect(viewModel.status.value == .empty)
    }

    @Test("the network type: the banner output; a page failed offline is refreshed when the network is back; none after teardown")
    func networkType() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel = makeViewModel(network)
        let banner = MVVMRecorder(viewModel.networkBanner)
        network.environment.switchNetworkType(to: .offline)
        viewModel.viewDidLoad()
        await network.settle()
        #expect(banner.last == "Offline — will retry when the network is back")
        #expect(viewModel.status.value.isError && viewModel.rows.value.isEmpty)
        network.environment.switchNetworkType(to: .cellular4G)
        await network.settle()
        #expect(banner.last == "On 4G")
        #expect(viewModel.rows.value.count == 20 && viewModel.status.value == .empty)
        viewModel.stopObserving()
        network.environment.switchNetworkType(to: .cellular2G)
        #expect(banner.values.count == 3, "no delivery after teardown")
    }

    @Test("an empty source says so")
    func empty() async throws {
        var items = try Fixtures.bundled().items
        items[.rent] = []
        let network = PatternTestNetwork(for: "MVVM", fixtures: Fixtures(unchecked: items))
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        await network.settle()
        #expect(viewModel.status.value == DisplayText("No listings."))
        #expect(viewModel.rows.value.isEmpty)
        #expect(viewModel.selectedRow.value == nil)
    }

    @Test("a failed load says why, as an error; refresh retries")
    func failureAndRetry() async throws {
        let network = PatternTestNetwork(for: "MVVM", offline: true)
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        await network.settle()
        #expect(viewModel.status.value == DisplayText(
            "Could not load the listings: No network connection. Press r to retry.", isError: true))
        network.environment.scenario?.offline = false
        viewModel.refresh()
        await network.settle()
        #expect(viewModel.status.value == .empty)
        #expect(viewModel.rows.value.first?[.name] == Self.firstRent)
    }

    @Test("a refresh while the first page loads sends nothing; the one answer is shown once")
    func refreshIgnoredWhileLoading() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let viewModel = makeViewModel(network)
        let rows = MVVMRecorder(viewModel.rows)
        viewModel.viewDidLoad()
        await network.settle()
        viewModel.refresh()
        await network.settle()
        #expect(network.environment.monitor.inFlight == 1)
        #expect(sentPages(network) == [1], "no second request")
        #expect(ignoredReasons(network) == ["already loading (refresh)"])
        #expect(viewModel.status.value == DisplayText("Loading Rent listings …"))
        await network.advance(by: .milliseconds(300))
        #expect(viewModel.rows.value.count == 20)
        #expect(rows.values.map(\.count) == [0, 20], "one answer, shown once")
        #expect(sentPages(network) == [1])
    }

    @Test("refresh keeps the rows on show while it loads")
    func refreshKeepsRows() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        await network.advance(by: .milliseconds(300))
        viewModel.refresh()
        await network.settle()
        #expect(network.environment.monitor.inFlight == 1)
        #expect(sentPages(network) == [1, 1], "a refresh asks the server again")
        #expect(viewModel.status.value == DisplayText("Loading Rent listings …"))
        #expect(viewModel.rows.value.count == 20)
        await network.advance(by: .milliseconds(300))
        #expect(viewModel.status.value == .empty)
        #expect(viewModel.rows.value.count == 20)
    }

    @Test("one ignore rule: a refresh while the next page loads sends nothing, and the screen still says it loads more")
    func refreshIgnoredWhileNextPageLoads() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let viewModel = makeViewModel(network)
        viewModel.viewDidLoad()
        await network.advance(by: .milliseconds(300))
        viewModel.loadNextPage()
        await network.settle()
        viewModel.refresh()
        await network.settle()
        #expect(network.environment.monitor.inFlight == 1)
        #expect(sentPages(network) == [1, 2], "no page 1 again")
        #expect(ignoredReasons(network) == ["already loading (refresh)"])
        #expect(viewModel.rows.value.count == 20)
        #expect(viewModel.footer.value == "loading more …")
        #expect(viewModel.status.value == .empty, "nothing says the whole list reloads")
        await network.advance(by: .milliseconds(300))
        #expect(viewModel.rows.value.count == 40)
    }

    @Test("the selection is kept in the shared state and selected again when its list comes back")
    func selectionKept() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        viewModel.viewDidLoad()
        await network.settle()
        viewModel.selectRow(2)
        #expect(appState.selectedListingID == "rent:r-003")
        viewModel.selectSource(at: 1)
        await network.settle()
        #expect(viewModel.selectedRow.value == 0)  // not among the new homes: the first row
        viewModel.selectSource(at: 0)
        await network.settle()
        #expect(viewModel.selectedRow.value == 2)
    }

    @Test("open: the detail's view model, from the list's own data through the detail reformer")
    func detailFromTheReformer() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        var requested: [ListingDetailViewModel] = []
        viewModel.showDetail = { requested.append($0) }
        viewModel.viewDidLoad()
        await network.settle()
        viewModel.selectRow(2)
        network.traced("enter") { viewModel.openRow(0) }
        #expect(appState.selectedListingID == "rent:r-001", "the opened listing is the shared selection")
        let detail = try #require(requested.first)
        #expect(detail.title == Self.firstRent)
        #expect(detail.serviceName == "rent")
        #expect(detail.fields.first == .init(name: "Name", value: Self.firstRent))
        #expect(detail.mappings.contains { $0.rawKey == "imageUrl" && $0.field == "imageURL" })
        #expect(!network.traceDetails.contains { $0.contains("GET") })  // nothing is loaded again
    }

    @Test("All merges the three teams; a detail from All reads its own team's keys")
    func allSource() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel = makeViewModel(network)
        var requested: [ListingDetailViewModel] = []
        viewModel.showDetail = { requested.append($0) }
        viewModel.viewDidLoad()
        await network.settle()
        viewModel.selectSource(at: 3)
        await network.settle()
        let subtitles = viewModel.rows.value.map { $0[.title] ?? "" }
        for label in ["Rent · ", "New home · ", "Second-hand · "] {
            #expect(subtitles.contains { $0.hasPrefix(label) })
        }
        let newHomeRow = try #require(subtitles.firstIndex { $0.hasPrefix("New home · ") })
        viewModel.openRow(newHomeRow)
        #expect(requested.first?.title == viewModel.rows.value[newHomeRow][.name])
        #expect(requested.first?.serviceName == "xinfang")
        #expect(requested.first?.mappings.contains { $0.rawKey == "xinfang_name" } == true)
    }
}

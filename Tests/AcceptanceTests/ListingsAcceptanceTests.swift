import FakeServer
import Mediator
import Model
import Networking
import PatternVocabulary
import Terminal
import TestSupport
import Testing

/// docs/spec.md, "Property list" and "Listing detail", run against every pattern that has them.
@MainActor
@Suite("Acceptance: property list", .timeLimit(.minutes(1)))
struct ListingsAcceptanceTests {
    static let firstRent = "龙湖天街27号楼"
    static let firstNewHome = "仁恒河滨24号楼"

    @Test("appear: the first page of the selected source", arguments: PatternsUnderTest.listings)
    func appear(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, latency: .milliseconds(300))
        await app.settle()
        #expect(app.shows("Loading Rent listings …"))
        await app.advance(by: .milliseconds(300))
        #expect(!app.shows("Loading"))
        #expect(app.shows(Self.firstRent))
        #expect(app.shows("Rent · "))
        #expect(app.shows("New homes"))
        #expect(app.shows("Second-hand"))
    }

    @Test("→ switches source, writes it to the shared state; ← comes back from the cache", arguments: PatternsUnderTest.listings)
    func switchSource(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        await app.press(.right)
        #expect(app.appState.listingSource == .newHomes)
        #expect(app.shows(Self.firstNewHome))
        #expect(app.shows("New home · "))
        await app.press(.left)
        #expect(app.appState.listingSource == .rent)
        #expect(app.shows(Self.firstRent))
        #expect(app.lastActionEvents.contains { $0.detail.contains("cache hit") })
    }

    @Test("switching during a slow load cancels it: only the new source shows", arguments: PatternsUnderTest.listings)
    func switchCancelsPrevious(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, latency: .milliseconds(300))
        await app.settle()
        await app.press(.right)
        await app.advance(by: .milliseconds(300))
        #expect(app.events.contains { $0.detail.contains("cancel") })
        #expect(app.shows(Self.firstNewHome))
        #expect(!app.shows("Rent · "))
    }

    @Test("d filters by the next district: only its listings, the choice kept in the shared state", arguments: PatternsUnderTest.listings)
    func districtFilter(pattern: PatternID) async throws {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        #expect(app.shows("District: any · d: next"))
        await app.press(.character("d"))
        let district = try #require(DistrictFilter.choices[1])
        #expect(app.appState.district == district)
        #expect(app.shows("District: \(district) · d: next"))
        let sent = try #require(app.network.journal.records.last { $0.sentAt != nil })
        #expect(sent.parameters?[ListingParameter.district] == district, "the role is the manager's parameter source")
        #expect(sent.outcome == .succeeded(items: 7), "the rent team lists seven listings in \(district)")
        #expect(app.shows("no more listings"))
        // Every district, then every one again: the first page from the cache.
        await app.press(.character("d"), .character("d"), .character("d"), .character("d"))
        #expect(app.appState.district == nil && app.shows("District: any · d: next"))
        #expect(app.shows(Self.firstRent))
        #expect(app.lastActionEvents.contains { $0.detail.contains("cache hit") })
    }

    @Test("d while the last district loads: the manager cancels it (cancel-previous), only the new one shows",
          arguments: PatternsUnderTest.listings)
    func districtCancelsPrevious(pattern: PatternID) async throws {
        let app = AcceptanceApp(pattern, .listings, latency: .milliseconds(300))
        await app.advance(by: .milliseconds(300))
        await app.press(.character("d"))
        #expect(app.shows("Loading Rent listings …"))
        await app.press(.character("d"))
        await app.advance(by: .milliseconds(300))
        let outcomes = app.network.journal.records.filter { $0.sentAt != nil }.map(\.outcome)
        #expect(outcomes.suffix(2) == [.cancelled("cancelled previous"), .succeeded(items: 7)], "\(outcomes)")
        #expect(app.events.contains { $0.role == .network && $0.detail.hasPrefix("cancelled previous") })
        #expect(app.shows("District: \(DistrictFilter.choices[2] ?? "") · d: next") && !app.shows("Loading"))
    }

    @Test("r refreshes; a second r while loading is ignored", arguments: PatternsUnderTest.listings)
    func refresh(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, latency: .milliseconds(300))
        await app.advance(by: .milliseconds(300))
        await app.press(.character("r"))
        await app.press(.character("r"))
        #expect(app.events.contains { $0.detail.contains("ignored") })
        await app.advance(by: .milliseconds(300))
        #expect(app.shows(Self.firstRent))
    }

    @Test("r keeps the rows on show while the refresh loads", arguments: PatternsUnderTest.listings)
    func refreshKeepsRows(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, latency: .milliseconds(300))
        await app.advance(by: .milliseconds(300))
        await app.press(.down, .character("r"))
        #expect(app.shows("Loading Rent listings …"))
        #expect(app.shows("▸ Sunshine Garden Block E"))
        await app.advance(by: .milliseconds(300))
        #expect(!app.shows("Loading"))
        #expect(app.shows("▸ Sunshine Garden Block E"))
    }

    @Test("one ignore rule: r while the next page loads is ignored too", arguments: PatternsUnderTest.listings)
    func refreshIgnoredWhilePaging(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, latency: .milliseconds(300))
        await app.advance(by: .milliseconds(300))
        await app.press(.end)
        #expect(app.shows("loading more …"))
        await app.press(.character("r"))
        #expect(app.lastActionEvents.contains { $0.detail.contains("ignored") })
        #expect(!app.shows("Loading Rent listings"))
        #expect(app.network.monitor.inFlight == 1)
        await app.advance(by: .milliseconds(300))
        #expect(!app.shows("loading more …"))
    }

    @Test("reaching the bottom pages to the end", arguments: PatternsUnderTest.listings)
    func paging(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        for _ in 0..<12 { await app.press(.end) }
        #expect(app.shows("no more listings"))
        #expect(app.shows("融创壹号院17号楼"))  // the last rent listing
        #expect(app.events.contains { $0.detail.contains("page=4") })
    }

    @Test("an empty source says so", arguments: PatternsUnderTest.listings)
    func empty(pattern: PatternID) async {
        var items = TestNetwork.bundledFixtures.items
        items[.rent] = []
        let app = AcceptanceApp(pattern, .listings, fixtures: Fixtures(unchecked: items))
        await app.settle()
        #expect(app.shows("No listings."))
    }

    @Test("a failed load says why and r retries", arguments: PatternsUnderTest.listings)
    func failureAndRetry(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, offline: true)
        await app.settle()
        #expect(app.shows("Could not load the listings: No network connection. Press r to retry."))
        app.network.scenario?.offline = false
        await app.press(.character("r"))
        #expect(!app.shows("Could not load"))
        #expect(app.shows(Self.firstRent))
    }

    @Test("the network type's banner; a load failed offline is retried when the network is back",
          arguments: PatternsUnderTest.listings)
    func networkBackRetries(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings, offline: true)
        await app.settle()
        #expect(app.shows("Could not load the listings"))
        app.network.switchNetworkType(to: .offline)
        await app.settle()
        #expect(app.shows("Offline — will retry when the network is back"))
        app.network.switchNetworkType(to: .cellular4G)  // no key: the notification alone retries
        await app.settle()
        #expect(app.shows("On 4G"))
        #expect(!app.shows("Offline —") && !app.shows("Could not load"))
        #expect(app.shows(Self.firstRent))
    }

    @Test("All merges the three APIs through one reformer", arguments: PatternsUnderTest.listings)
    func all(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        await app.press(.right, .right, .right)
        #expect(app.appState.listingSource == .all)
        #expect(app.shows("Rent · "))
        #expect(app.shows("New home · "))
        #expect(app.shows("Second-hand · "))
    }

    @Test("the selection is kept in the shared state", arguments: PatternsUnderTest.listings)
    func selection(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        await app.press(.down, .down)
        #expect(app.appState.selectedListingID == "rent:r-003")
    }

    @Test("Enter opens the detail: fields and the raw keys they came from; Esc goes back", arguments: PatternsUnderTest.listings)
    func detail(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        await app.press(.enter)
        #expect(app.shows("Listings › \(Self.firstRent)"))
        #expect(app.shows("From the rent API"))
        #expect(app.shows("imageUrl → image"))
        #expect(app.shows("District"))
        await app.press(.escape)
        #expect(app.shows("▸ \(Self.firstRent)"))
        #expect(!app.shows("From the rent API"))
    }

    @Test("a new-home detail shows the new-homes team's own keys", arguments: PatternsUnderTest.listings)
    func detailOfAnotherSchema(pattern: PatternID) async {
        let app = AcceptanceApp(pattern, .listings)
        await app.settle()
        await app.press(.right)
        await app.press(.enter)
        #expect(app.shows("From the xinfang API"))
        #expect(app.shows("xinfang_name → name"))
    }
}

import FakeServer
import Model
import Networking
import ModelServices
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReformerTests {
    private func source(_ service: Service, _ method: String) -> ResponseSource { ResponseSource(service: service, method: method) }

    @Test("the listing reformer reads all three teams' schemas into one model")
    func oneReformerReadsAllThreeSchemas() {
        let rent: JSONValue = .object(["items": .array([.object([
            "id": "r1", "name": "阳光花园", "title": "两室一厅", "imageUrl": "u", "price": .number(4500), "area": .number(58.5),
            "district": "徐汇区",
        ])])])
        let newHome: JSONValue = .array([.object([
            "xinfang_id": "x1", "xinfang_name": "Harbour Heights", "xinfang_title": "t", "xinfang_imageUrl": "u",
            "xinfang_junjia": .number(68000),
        ])])
        let secondHand: JSONValue = .object([
            "esf_id": "e1", "esf_name": "n", "esf_title": "t", "esf_imageUrl": "u", "esf_total_price": .number(350.5),
            "esf_region": "Pudong",
        ])
        let reformer = ListingReformer()
        let a = reformer.reform(rent, from: source(.rent, "rent.list"))
        let b = reformer.reform(newHome, from: source(.newHomes, "xinfang.list"))
        let c = reformer.reform(secondHand, from: source(.secondHand, "esf.list"))
        #expect(a == [Listing(id: "r1", kind: .rent, name: "阳光花园", title: "两室一厅", imageURL: "u",
                              price: Price(yuan: 4500, unit: .perMonth), area: 58.5, district: "徐汇区")])
        #expect(b.first?.kind == .newHome && b.first?.price == Price(yuan: 68000, unit: .perSquareMetre))
        #expect(c.first?.price == Price(yuan: 3_505_000, unit: .total) && c.first?.district == "Pudong")
        #expect(reformer.reform(rent, from: source(.person, "person.get")).isEmpty)
    }

    @Test("the property-list reformer gives each row's strings as the cell shows them, keyed by its constants")
    func propertyListRowsAreWhatTheCellShows() {
        let rent: JSONValue = .object(["items": .array([.object([
            "id": "r1", "name": "阳光花园", "title": "两室一厅", "imageUrl": "u", "price": .number(4500), "district": "徐汇区",
        ])])])
        let secondHand: JSONValue = .array([.object([
            "esf_id": "e1", "esf_name": "Riverside", "esf_title": "t", "esf_imageUrl": "u",
        ])])
        let reformer = PropertyListReformer()
        #expect(reformer.reform(rent, from: source(.rent, "rent.list")) == [
            [.id: "rent:r1", .name: "阳光花园", .title: "Rent · 两室一厅", .price: "¥4,500/month"],
        ])
        #expect(reformer.reform(secondHand, from: source(.secondHand, "esf.list")) == [
            [.id: "secondHand:e1", .name: "Riverside", .title: "Second-hand · t", .price: ""],
        ])
        // Several APIs, one view: the reformer combines their rows first of each, then second of each.
        let combined = reformer.combine([
            [[.id: "a1"], [.id: "a2"], [.id: "a3"]], [[.id: "b1"]], [[.id: "c1"], [.id: "c2"]],
        ])
        #expect(combined.map { $0[.id] } == ["a1", "b1", "c1", "a2", "c2", "a3"])
    }

    @Test func detailRowsPairRawKeysWithFields() {
        let data: JSONValue = .object(["items": .array([.object([
            "esf_id": "e1", "esf_name": "n", "esf_title": "t", "esf_imageUrl": "u", "esf_total_price": .number(350),
            "esf_area": .number(89.5), "esf_region": "静安区", "esf_floor": "12/30",
        ])])])
        let detail = ListingDetailReformer(listingID: "secondHand:e1").reform(data, from: source(.secondHand, "esf.list"))
        let rows = detail?.rows ?? []
        #expect(rows.first == DetailRow(rawKey: "esf_id", field: "id", value: "e1"))
        #expect(rows.contains(DetailRow(rawKey: "esf_total_price", field: "price", value: "¥3,500,000")))
        #expect(rows.contains(DetailRow(rawKey: "esf_area", field: "area", value: "89.5 m²")))
        #expect(rows.contains(DetailRow(rawKey: "esf_region", field: "district", value: "静安区")))
        #expect(rows.last == DetailRow(rawKey: "esf_floor", field: "(dropped)", value: ""))
        #expect(ListingDetailReformer(listingID: "secondHand:nope").reform(data, from: source(.secondHand, "esf.list")) == nil)
        // The global id names the team: another team's data never answers for it.
        #expect(ListingDetailReformer(listingID: "rent:e1").reform(data, from: source(.secondHand, "esf.list")) == nil)
    }

    @Test func hostileValuesAreCleanedNeverCrash() {
        let huge = String(repeating: "名", count: 1_000_000)
        let data: JSONValue = .array([
            .object(["id": "1", "name": .string(huge), "title": "line\nbreak\u{1B}[31mred\u{7}", "imageUrl": .number(5),
                     "price": "4500", "area": .bool(true), "district": .array([])]),
            .object(["id": .number(2), "name": "wrong id type"]),
            .object(["id": "", "name": "empty id"]),
            .string("not an object"),
            .object(["id": "\u{0}\u{1}\u{2}"]),
        ])
        let listings = ListingReformer().reform(data, from: source(.rent, "rent.list"))
        #expect(listings.count == 1)
        let listing = listings[0]
        #expect(listing.name.count == TextCleaner.maximumLength && listing.name.hasSuffix("…"))
        #expect(listing.title == "line breakred")
        #expect(!listing.title.unicodeScalars.contains { $0.value < 0x20 })
        #expect(listing.imageURL == "5")
        #expect(listing.price == Price(yuan: 4500, unit: .perMonth))
        #expect(listing.area == nil && listing.district == nil)
    }

    @Test("prices out of range are invalid, said so on the row, never blank or negative", arguments: [
        (-1.0, "rent.list", "invalid price"), (1e308, "rent.list", "invalid price"), (1e29, "rent.list", "invalid price"),
        (9_223_372_036_854_775_808.0, "rent.list", "invalid price"), (3_900, "rent.list", "¥3,900/month"),
        (0, "rent.list", "¥0/month"), (350, "esf.list", "¥3,500,000"), (1e9, "esf.list", "invalid price"),
    ])
    func priceRanges(raw: Double, method: String, shown: String) {
        let schema = method == "rent.list" ? ListingSchema.rent : ListingSchema.secondHand
        let service: Service = method == "rent.list" ? .rent : .secondHand
        let item: JSONValue = .object([schema.id: "1", schema.price: .number(raw)])
        let rows = PropertyListReformer().reform(.array([item]), from: source(service, method))
        #expect(rows.first?[.price] == shown)
    }

    @MainActor @Test func hostileResponsesFailAsMalformed() async {
        for items: [JSONValue] in [
            [.object(["id": .number(1), "name": "x"])],
            [.object(["id": "1", "name": .null])],
            [.string("x")],
        ] {
            let environment = Support.environment(fixtures: Fixtures(unchecked: [.rent: items]))
            let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
            let delegate = RecordingDelegate()
            manager.delegate = delegate
            let heard = await delegate.load { manager.loadFirstPage() }
            if case .failure(let error) = heard { #expect(error.shortName == "malformed") } else {
                Issue.record("\(items): heard \(String(describing: heard))")
            }
            #expect(manager.fetchData() == nil)
        }
    }

    @Test func personReformerCleans() {
        let data: JSONValue = .object(["id": "x", "first_name": "Da\u{7}vid", "last_name": "Blaine\n"])
        #expect(PersonReformer().reform(data, from: source(.person, "person.get"))?.fullName == "David Blaine")
        #expect(PersonReformer().reform(.array([]), from: source(.person, "person.get")) == nil)
    }

    @MainActor @Test("All: three teams' managers as one, rows interleaved by the one reformer, one callback per load")
    func mergedManagerInterleavesTheThreeTeams() async throws {
        let environment = Support.environment()
        let merged = environment.makeListManager(for: .all, landingPoint: environment.makeLandingPoint("all"))
        let delegate = RecordingDelegate()
        merged.delegate = delegate
        merged.loadFirstPage()
        #expect(merged.isLoading)
        await environment.settle()
        #expect(delegate.log == ["success merged"], "one callback for the three teams' replies")
        let first = try #require(merged.fetchData(with: ListingReformer()))
        #expect(first.count == 60)
        #expect(first.prefix(3).map(\.kind) == [.rent, .newHome, .secondHand])
        let rows = try #require(merged.fetchData(with: PropertyListReformer()))
        #expect(rows.prefix(3).map { $0[.id] } == first.prefix(3).map(\.globalID))
        while !merged.isLastPage {
            merged.loadNextPage()
            await environment.settle()
        }
        let all = try #require(merged.fetchData(with: ListingReformer()))
        #expect(all.count == 72 + 66 + 68)
        #expect(Set(all.map(\.globalID)).count == all.count)
        // The detail reformer reads the one team's data that holds the listing.
        let detail = try #require(merged.fetchData(with: ListingDetailReformer(listingID: all[1].globalID)) ?? nil)
        #expect(detail.listing == all[1] && detail.serviceName == "xinfang")
    }

    @MainActor @Test("All: a team that fails does not hide the others; only all failing is a failure")
    func mergedManagerKeepsWorkingTeamsWhenOneFails() async throws {
        let environment = Support.environment(fixtures: Fixtures(unchecked: [.rent: Support.fixtures[.rent], .secondHand: Support.fixtures[.secondHand]]))
        let merged = MergedListManager(managers: ListingKind.allCases.map {
            environment.makeListManager(for: $0, landingPoint: environment.makeLandingPoint("all"))
        })
        let delegate = RecordingDelegate()
        merged.delegate = delegate
        merged.loadFirstPage()
        await environment.settle()
        #expect(delegate.successes == 1 && delegate.failures.isEmpty)
        #expect(merged.fetchData(with: ListingReformer())?.count == 40)
        #expect(merged.failures == [1: .noContent])
    }

    @MainActor @Test("All: a refresh while a load is in flight is ignored, a new first page replaces it")
    func mergedManagerPolicies() async throws {
        let environment = Support.environment()
        let merged = environment.makeListManager(for: .all, landingPoint: environment.makeLandingPoint("all"))
        let delegate = RecordingDelegate()
        merged.delegate = delegate
        merged.loadFirstPage()
        merged.refresh()
        merged.loadNextPage()
        merged.loadFirstPage()
        await environment.settle()
        #expect(delegate.successes == 1, "the first load was replaced, the refresh and the next page ignored")
        let outcomes = environment.journal.records.map(\.outcome)
        #expect(outcomes.filter { $0 == .cancelled("cancelled previous") }.count == 3, "\(outcomes)")
        #expect(outcomes.filter { if case .succeeded = $0 { true } else { false } }.count == 3, "\(outcomes)")
    }
}

import Model
import Networking
import Testing

@Suite struct ModelAndJSONTests {
    @Test func priceText() {
        #expect(Price(yuan: 4500, unit: .perMonth).text == "¥4,500/month")
        #expect(Price(yuan: 3_500_000, unit: .total).text == "¥3,500,000")
        #expect(Price(yuan: 68000, unit: .perSquareMetre).text == "¥68,000/m²")
    }

    @Test func listingSourceKinds() {
        #expect(ListingSource.all.kinds == [.rent, .newHome, .secondHand])
        #expect(ListingSource.secondHand.kinds == [.secondHand])
    }

    @Test("the greeting's rule: both names, trimmed, or none")
    func greetingNames() {
        let names = Person(id: "p", firstName: "  Ada ", lastName: "张伟").greetingNames
        #expect(names?.first == "Ada" && names?.last == "张伟")
        #expect(Person(id: "p", firstName: "Ada", lastName: "   ").greetingNames == nil)
        #expect(Person(id: "p", firstName: "", lastName: "Lovelace").greetingNames == nil)
    }

    @MainActor @Test func appStateDefaults() {
        let state = AppState()
        #expect(state.person == .davidBlaine)
        #expect(state.listingSource == .rent)
        #expect(state.selectedListingID == nil)
    }

    @Test func jsonRoundTrip() throws {
        let text = #"{"a":[1,2.5,-3e2,true,false,null],"b":"x\"y\\z\n\u00e9\ud83d\ude00","c":{}}"#
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(value["b"]?.stringValue == "x\"y\\z\né😀")
        #expect(value["a"]?.arrayValue?.count == 6)
        #expect(try JSONValue(parsing: value.serialized) == value)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "nul", "\"abc", "01", "1.", "[1] x", "\"\u{01}\"", "\"\\ud800\"", "\"\\udc00\"", "[\"a\" 1]"])
    func jsonRejectsInvalid(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array(text.utf8)) }
    }

    @Test func jsonBoundsNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array(deep.utf8)) }
    }

    @Test func jsonRepairsInvalidUTF8() throws {
        #expect(try JSONValue(parsing: [0x22, 0x61, 0xFF, 0x22]) == .string("a\u{FFFD}"))
    }
}

/// One line of the detail screen: a raw key of the source API beside the normalised field it
/// became, and the value shown for it. Shows the reformer at work.
package struct DetailRow: Sendable, Hashable {
    /// The source API's key (`esf_total_price`).
    package var rawKey: String
    /// The `Listing` field it became (`price`), or `(dropped)` for a key no field uses.
    package var field: String
    /// The cleaned, normalised value (`¥3,500,000`), empty when the item has none.
    package var value: String

    package init(rawKey: String, field: String, value: String) {
        self.rawKey = rawKey
        self.field = field
        self.value = value
    }
}

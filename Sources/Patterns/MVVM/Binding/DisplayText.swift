/// A line of text as a view model hands it to its view: the words, and whether they report a
/// problem (the view picks the error style). The view model decides what to say; the view, how.
struct DisplayText: Equatable, Sendable {
    var text: String
    var isError: Bool

    init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }

    /// Nothing to show.
    static let empty = DisplayText("")
}

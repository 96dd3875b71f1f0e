import Terminal

/// A key the user pressed and the trace action it started (`Enter on [Show greeting]`), nil when
/// it started none: what `AppShell` records so that `w` can save the session.
public struct RecordedKey: Equatable, Sendable {
    public var key: Key
    public var action: String?

    public init(_ key: Key, action: String?) {
        self.key = key
        self.action = action
    }
}

/// Writes the session so far to a file and says where, for the key bar (`w`). The shell knows no
/// file format: the composition root hands it a saver (the session format lives in Replay).
@MainActor
public protocol SessionSaving: AnyObject {
    /// Saves `keys` with the session's start options and the terminal's `size`; returns the
    /// one-line notice: the path, or why not.
    func save(_ keys: [RecordedKey], size: Size) -> String
}

/// One operation as the operation log keeps it: the call a manager made, in which pattern, under
/// an id unique across runs, so the log service can tell a re-sent entry from a new one.
public struct OperationLogEntry: Sendable, Hashable, Codable {
    /// Unique across runs (a UUID unless a test injects its own): the key the server de-duplicates by.
    public var id: String
    /// What was done: the API method and its parameters, e.g. `rent.list page=1&page_size=20`.
    public var action: String
    /// The pattern whose action made the call (`MVC`…), or empty.
    public var pattern: String

    public init(id: String, action: String, pattern: String) {
        self.id = id
        self.action = action
        self.pattern = pattern
    }

    /// The entry as the log service reads it.
    public var json: JSONValue {
        .object(["id": .string(id), "action": .string(action), "pattern": .string(pattern)])
    }
}

/// One batch the operation log sent (or tried to): what the network inspector lists.
public struct OperationLogBatch: Sendable, Hashable {
    /// Counts from 1 in this run.
    public var number: Int
    public var count: Int
    /// Entries left over from an earlier run, sent at launch.
    public var isLeftover: Bool
    public var status: Status

    public enum Status: Sendable, Hashable {
        case sending
        /// The service took it: `accepted` new entries, `duplicates` it already had.
        case sent(accepted: Int, duplicates: Int)
        /// The request failed; the entries stay queued and go again with the next entry.
        case failed(String)
    }

    public init(number: Int, count: Int, isLeftover: Bool, status: Status) {
        self.number = number
        self.count = count
        self.isLeftover = isLeftover
        self.status = status
    }
}

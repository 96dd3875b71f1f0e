/// One operation as the operation log keeps it: the call a manager made, in which pattern, under
/// an id unique across runs, so the log service can tell a re-sent entry from a new one.
package struct OperationLogEntry: Sendable, Hashable, Codable {
    /// Unique across runs (a UUID unless a test injects its own): the key the server de-duplicates by.
    package var id: String
    /// What was done: the API method and its parameters, e.g. `rent.list page=1&page_size=20`.
    package var action: String
    /// The pattern whose action made the call (`MVC`…), or empty.
    package var pattern: String

    package init(id: String, action: String, pattern: String) {
        self.id = id
        self.action = action
        self.pattern = pattern
    }

    /// The entry as the log service reads it.
    package var json: JSONValue {
        .object(["id": .string(id), "action": .string(action), "pattern": .string(pattern)])
    }
}

/// One batch the operation log sent (or tried to): what the network inspector lists.
package struct OperationLogBatch: Sendable, Hashable {
    /// Counts from 1 in this run.
    package var number: Int
    package var count: Int
    /// Entries left over from an earlier run, sent at launch.
    package var isLeftover: Bool
    package var status: Status

    package enum Status: Sendable, Hashable {
        case sending
        /// The service took it: `accepted` new entries, `duplicates` it already had.
        case sent(accepted: Int, duplicates: Int)
        /// The request failed; the entries stay queued and go again with the next entry.
        case failed(String)
    }

    package init(number: Int, count: Int, isLeftover: Bool, status: Status) {
        self.number = number
        self.count = count
        self.isLeftover = isLeftover
        self.status = status
    }
}

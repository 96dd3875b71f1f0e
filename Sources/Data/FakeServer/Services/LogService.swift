import Networking
import Synchronization

/// The log backend: `log.batch?entries=[…]` takes a JSON array of operation-log entries and keeps
/// each id once, so a batch sent again after a crash adds nothing. It answers
/// `{"accepted": n, "duplicates": m}`.
final class LogService: Sendable {
    /// Every id taken, in the order they came: what tests read to prove nothing was lost or doubled.
    private let taken = Mutex<(ids: [String], seen: Set<String>, batches: Int)>(([], [], 0))

    func respond(to parameters: CanonicalParameters) -> [UInt8] {
        guard let text = parameters["entries"], let value = try? JSONValue(parsing: Array(text.utf8)),
              let entries = value.arrayValue
        else { return Array("{\"error\":\"entries must be a JSON array\"}".utf8) }
        let ids = entries.compactMap { $0["id"]?.stringValue }
        let accepted = taken.withLock { state in
            state.batches += 1
            var accepted = 0
            for id in ids where state.seen.insert(id).inserted {
                state.ids.append(id)
                accepted += 1
            }
            return accepted
        }
        return Array("{\"accepted\":\(accepted),\"duplicates\":\(ids.count - accepted)}".utf8)
    }

    var receivedIDs: [String] { taken.withLock { $0.ids } }
    var batchCount: Int { taken.withLock { $0.batches } }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternVocabulary
import SafeFiles
import Tracing

/// casatwy's fire-and-forget log: every call a manager makes becomes an entry (fed by the
/// `OperationLogInterceptor`, so no manager or screen knows it exists), and the network layer sends
/// the entries to the log service in batches of `batchSize`, never one request per call.
///
/// Rules: an entry is written to disk (when there is a folder) before it is sent; a batch goes
/// when `batchSize` entries are waiting, and a partial batch waits — for more calls, or for the
/// next launch, which sends what an earlier run left first (in batches of up to `batchSize`). One
/// request at a time; a failed batch stays at the head of the queue and is tried again with the
/// next entry. A disk that cannot be written is reported once (`problem`) and the log goes on in
/// memory. Nothing touches the disk or the network before `open()`: the app opens the log once
/// its first frame is out, since none of this shows in that frame.
@MainActor
package final class OperationLog {
    /// Entries per batch.
    package nonisolated static let batchSize = 30
    /// The log service's API method.
    package nonisolated static let method = "log.batch"
    /// Batches the inspector keeps.
    static let batchHistory = 20

    /// Recorded, not yet in a batch.
    package private(set) var waiting: [OperationLogEntry] = []
    /// Batches queued or sending, oldest first (the first may be in flight).
    package private(set) var queued: [[OperationLogEntry]] = []
    /// The last batches sent or tried, oldest first.
    package private(set) var batches: [OperationLogBatch] = []
    /// Why entries are no longer kept on disk, said once; nil while the disk is fine.
    package private(set) var problem: String?
    /// Whether `open()` found another mvx using the folder: this run's entries then live in
    /// memory only, and a kill loses them (the app says so at start).
    package private(set) var folderInUse = false
    /// What `open()` found wrong with the old file, if anything (it was replaced).
    package private(set) var fileNote: String?
    /// The file the entries are kept in, nil when in memory only.
    package var fileURL: URL? { file?.url }
    /// Called after every change (an entry, a batch sent or failed): the inspector redraws.
    package var onChange: (@MainActor () -> Void)?

    private var file: OperationLogFile?
    /// Made when the log opens: a `URL`'s first use is work the launch's first frame does without.
    private lazy var folder: URL? = folderSource()
    private let folderSource: () -> URL?
    private let lockPatience: Duration
    private let transport: any Transport
    private let monitor: RequestMonitor
    private let makeID: @Sendable () -> String
    private var leftoverBatches = 0
    private var sending = false
    private var isOpen = false
    private var nextBatchNumber = 1

    /// - Parameters:
    ///   - folder: where the file lives; nil keeps entries in memory only. A folder that cannot be
    ///     written is reported in `problem` and the log goes on in memory.
    ///   - transport: where batches go (the environment's).
    ///   - lockPatience: how long `open()` waits for the folder's lock (see `OperationLogFile.open`).
    ///   - makeID: each entry's unique id (tests inject a counter).
    init(folder: @autoclosure @escaping () -> URL?, transport: any Transport, monitor: RequestMonitor,
         lockPatience: Duration = .zero, makeID: @escaping @Sendable () -> String = { UUID().uuidString }) {
        self.folderSource = folder
        self.lockPatience = lockPatience
        self.transport = transport
        self.monitor = monitor
        self.makeID = makeID
    }

    /// Takes the folder's file (and its lock), reads what an earlier run left, writes the entries
    /// recorded so far after it, and sends the leftovers before anything new. Until then entries
    /// wait in memory. The app calls it once its first frame is out: reading the file and building
    /// a signed batch of thirty entries took up to 0.7 ms of a 4 ms launch, for nothing that frame shows.
    package func open() {
        guard !isOpen else { return }
        isOpen = true
        var leftovers: [OperationLogEntry] = []
        if let folder {
            do {
                let (file, contents) = try OperationLogFile.open(in: folder, lockPatience: lockPatience)
                self.file = file
                leftovers = contents.leftovers
                fileNote = contents.note
            } catch {
                folderInUse = (error as? OperationLogFile.Failure)?.isLocked ?? false
                problem = "the operation log cannot be kept in \(SafePath.display(folder.path)) (\(Self.reason(error))); it stays in memory"
            }
        }
        for entry in queued.joined() + waiting { keepOnDisk { try $0.append(entry) } }
        let leftoverQueue = stride(from: 0, to: leftovers.count, by: Self.batchSize).map {
            Array(leftovers[$0..<min(leftovers.count, $0 + Self.batchSize)])
        }
        queued = leftoverQueue + queued
        leftoverBatches = leftoverQueue.count
        if let fileNote { @Traced(.network, self, "the old log file: \(fileNote)") var call }
        onChange?()
        sendNext()
    }

    /// Entries not yet acknowledged by the service: waiting plus queued.
    package var unsentCount: Int { waiting.count + queued.reduce(0) { $0 + $1.count } }

    /// Stops keeping the log on disk and gives the folder to the next run (as the process's end
    /// would): what is unsent stays in the file for it. Entries recorded later stay in memory.
    package func close() {
        file?.close()
        file = nil
    }

    /// Records one operation (`rent.list page=1&page_size=20`) made in `pattern`: on disk (once
    /// open), then waiting; the `batchSize`-th waiting entry queues a batch.
    package func record(_ operation: String, pattern: String) {
        let entry = OperationLogEntry(id: makeID(), action: operation, pattern: pattern)
        if isOpen { keepOnDisk { try $0.append(entry) } }
        waiting.append(entry)
        if waiting.count >= Self.batchSize {
            queued.append(waiting)
            waiting = []
            @Traced(.network, self, "\(Self.batchSize) entries queued as a batch") var call
        }
        onChange?()
        sendNext()
    }

    private func sendNext() {
        guard isOpen, !sending, let batch = queued.first else { return }
        sending = true
        let isLeftover = leftoverBatches > 0
        let number = nextBatchNumber
        nextBatchNumber += 1
        note(OperationLogBatch(number: number, count: batch.count, isLeftover: isLeftover, status: .sending))
        let request = RequestSigner.sign(
            service: .log, method: Self.method,
            parameters: CanonicalParameters(["entries": String(decoding: JSONValue.array(batch.map(\.json)).serialized, as: UTF8.self)]),
            attempt: 0)
        let transport = transport
        monitor.requestStarted()
        Task {
            defer { monitor.requestEnded() }
            let status: OperationLogBatch.Status
            do {
                let reply = try JSONValue(parsing: try await transport.send(request))
                status = .sent(accepted: Int(reply["accepted"]?.numberValue ?? 0),
                               duplicates: Int(reply["duplicates"]?.numberValue ?? 0))
            } catch let error as APIError {
                status = .failed(error.userMessage)
            } catch {
                status = .failed("the log service's reply was not JSON")
            }
            finish(batch, number: number, isLeftover: isLeftover, status: status)
        }
    }

    private func finish(_ batch: [OperationLogEntry], number: Int, isLeftover: Bool, status: OperationLogBatch.Status) {
        sending = false
        note(OperationLogBatch(number: number, count: batch.count, isLeftover: isLeftover, status: status))
        switch status {
        case .sent(let accepted, let duplicates):
            keepOnDisk { try $0.acknowledge(batch.map(\.id)) }
            queued.removeFirst()
            if isLeftover { leftoverBatches -= 1 }
            @Traced(.network, self, "\(isLeftover ? "leftover " : "")batch #\(number) of \(batch.count) sent: "
                + "\(accepted) accepted, \(duplicates) duplicates") var call
            sendNext()
        case .failed(let reason):
            // Tried again with the next entry: no timer, so nothing happens behind the user's back.
            @Traced(.network, self, "batch #\(number) of \(batch.count) failed: \(reason); kept for the next entry") var call
        case .sending:
            break
        }
        onChange?()
    }

    private func note(_ batch: OperationLogBatch) {
        if let index = batches.lastIndex(where: { $0.number == batch.number }) {
            batches[index] = batch
        } else {
            batches.append(batch)
            if batches.count > Self.batchHistory { batches.removeFirst(batches.count - Self.batchHistory) }
        }
    }

    /// Runs a write; the first failure is reported and the file dropped: memory from then on.
    private func keepOnDisk(_ write: (OperationLogFile) throws -> Void) {
        guard let file else { return }
        do {
            try write(file)
        } catch {
            self.file = nil
            problem = "the operation log could not be written to \(SafePath.display(file.url.path)) (\(Self.reason(error))); it stays in memory"
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let failure = error as? OperationLogFile.Failure { return failure.description }
        if let failure = error as? SafeFileError { return failure.description }
        return "\(error)"
    }
}

extension NetworkEnvironment {
    /// Makes the environment's operation log (kept in `folder`, or in memory when nil), keeps it in
    /// `operationLog` and feeds it every call of the managers made from now on (an interceptor).
    /// Call once, from the composition root, before any manager is made. A folder another mvx is using is
    /// given up at once (the log stays in memory) unless `lockPatience` says to wait for it.
    @discardableResult
    package func makeOperationLog(
        folder: @autoclosure @escaping () -> URL?, lockPatience: Duration = .zero,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString }
    ) -> OperationLog {
        let log = OperationLog(folder: folder(), transport: transport, monitor: monitor, lockPatience: lockPatience, makeID: makeID)
        setOperationLog(log)
        interceptors.append(OperationLogInterceptor(log: log))
        return log
    }
}

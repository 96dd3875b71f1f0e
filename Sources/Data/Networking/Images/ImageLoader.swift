import Tracing

/// Loads the pictures of listings: memory first, then disk, then the image service — casatwy's
/// order for images. One per environment, shared by every screen module; each request is signed,
/// sent through the environment's transport and kept in its journal like an API manager's, so the
/// network inspector lists pictures beside the data.
///
/// The caller owns the task: cancelling it cancels the request, and nothing is cached or returned.
@MainActor
package final class ImageLoader {
    /// The two tiers pictures are kept in.
    package let cache: ImageCache
    private let transport: any Transport
    private let clock: NetworkClock
    private let monitor: RequestMonitor
    private let journal: RequestJournal
    private var attempts: [String: Int] = [:]

    init(cache: ImageCache, transport: any Transport, clock: NetworkClock, monitor: RequestMonitor, journal: RequestJournal) {
        self.cache = cache
        self.transport = transport
        self.clock = clock
        self.monitor = monitor
        self.journal = journal
    }

    /// The picture's bytes when either tier holds them (recorded as a cache hit), else nil:
    /// nothing is sent.
    package func cachedImage(at url: String) -> [UInt8]? {
        guard let hit = cache.lookUp(url) else { return nil }
        var record = newRecord(url)
        let key = CacheKey(service: Service.images.id, method: ImageAPI.method, parameters: Self.parameters(url))
        take(.cacheHit(key, hit.tier), in: &record, request: Trace.newRequest())
        return hit.bytes
    }

    /// The picture's bytes: from a cache tier when one holds them, else from the image service
    /// (then stored in both tiers). Throws `.parameters` for an empty or overlong URL, and the
    /// transport's error, `.noContent` or `.malformedResponse` for a reply that is not a picture.
    package func image(at url: String) async throws(APIError) -> [UInt8] {
        guard !url.isEmpty, url.utf8.count <= ImageAPI.urlLengthLimit else {
            var record = newRecord(url.isEmpty ? "" : String(url.prefix(80)) + "…")
            let error = APIError.parameters(url.isEmpty ? "a listing without a picture URL" : "a picture URL over 2,048 bytes")
            take(.rejected(error), in: &record, request: Trace.newRequest())
            throw error
        }
        if let bytes = cachedImage(at: url) { return bytes }
        var record = newRecord(url)
        let traceRequest = Trace.newRequest()
        let attempt = attempts[url, default: 0]
        attempts[url] = attempt + 1
        take(.sent(attempt: attempt), in: &record, request: traceRequest)
        let request = RequestSigner.sign(service: .images, method: ImageAPI.method, parameters: Self.parameters(url), attempt: attempt)
        monitor.requestStarted()
        defer { monitor.requestEnded() }
        let result: Result<[UInt8], APIError>
        do throws(APIError) {
            result = .success(try await transport.send(request))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success where Task.isCancelled:
            // The caller went while the reply travelled: nothing is cached or returned.
            take(.cancelled(reason: "caller cancelled"), in: &record, request: traceRequest)
            throw .cancelled
        case .success(let bytes):
            record.byteCount = bytes.count
            if bytes.isEmpty {
                take(.failed(.noContent), in: &record, request: traceRequest)
                throw .noContent
            }
            guard bytes.count <= ImageAPI.byteLimit else {
                let error = APIError.malformedResponse("a picture of \(bytes.count) bytes")
                take(.failed(error), in: &record, request: traceRequest)
                throw error
            }
            take(.succeeded(items: nil), in: &record, request: traceRequest)
            cache.store(bytes, for: url)
            return bytes
        case .failure(.cancelled):
            take(.cancelled(reason: "caller cancelled"), in: &record, request: traceRequest)
            throw .cancelled
        case .failure(let error):
            take(.failed(error), in: &record, request: traceRequest)
            throw error
        }
    }

    private static func parameters(_ url: String) -> CanonicalParameters {
        CanonicalParameters([ImageAPI.urlParameter: url])
    }

    private func newRecord(_ url: String) -> RequestRecord {
        RequestRecord(method: ImageAPI.method, service: Service.images.id, parameters: Self.parameters(url), page: nil,
                      startedAt: clock.now)
    }

    /// Records `decision` in the journal and traces it, as an API manager does its own: under the
    /// picture request's tag (`request`), with what it came to.
    private func take(
        _ decision: CallDecision, in record: inout RequestRecord, request: TraceRequest?,
        function: StaticString = #function, line: UInt = #line
    ) {
        record.take(decision, at: clock.now, interceptors: 0)
        journal.keep(&record)
        Trace.$request.withValue(request.map { TraceRequest(id: $0.id, outcome: decision.outcome(for: record)) }) {
            @Traced(decision.role, self, decision.traceLine(for: record), function: function, line: line) var call
        }
    }
}

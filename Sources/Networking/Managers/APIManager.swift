import Tracing

/// One API's manager (casatwy's discrete layer): the screen says "load" and gets the result by
/// delegate, by `async`, or as a stream of states; underneath, the shared intensive work
/// (assemble canonical parameters, sign, send through the transport, validate, cache) happens here.
///
/// Main-actor isolated because it lives with a screen and delivers to UI code. It never keeps its
/// screen alive: the delegate and parameter source are weak, in-flight tasks hold it weakly.
/// A reply that arrives after its request was cancelled is dropped (and traced), never delivered.
///
/// The concrete managers are this class over each API's descriptor: `RentListManager`,
/// `NewHomesListManager`, `SecondHandListManager`, `PersonManager`.
@MainActor
public final class APIManager<API: APIDescriptor>: APIManaging {
    /// The API this manager calls.
    public let api: API
    public weak var delegate: (any APIManagerDelegate)?
    public weak var parameterSource: (any APIManagerParameterSource)?
    public var parameters: [String: String] = [:]
    public var requestPolicy: RequestPolicy
    /// Called around every load in `APIInterceptor`'s documented order, in array order.
    public var interceptors: [any APIInterceptor]
    public private(set) var state: LoadState = .idle
    /// Pages loaded so far (paged APIs).
    public private(set) var currentPage = 0
    /// True once the last page has loaded (paged APIs).
    public private(set) var isLastPage = false

    private let transport: any Transport
    private let cache: ResponseCache
    private let clock: NetworkClock
    private let landingPoint: LandingPoint
    private let monitor: RequestMonitor
    private let journal: RequestJournal
    private let pager: (any PagedAPIDescriptor)?
    private var rawData: JSONValue?
    private var settledState: LoadState = .idle
    private var inFlight: [Int: Flight] = [:]
    private var nextRequestID = 1
    private var attempts: [String: Int] = [:]
    private var stateObservers: [Int: AsyncStream<LoadState>.Continuation] = [:]
    private var nextObserverID = 1

    private struct Flight {
        var request: SignedRequest
        var page: Int?
        /// The request's record in the journal.
        var record: Int
        var startedAt: Duration
        var context: TraceContext?
        var task: Task<Void, Never>?
        var waiters: [CheckedContinuation<Result<JSONValue, APIError>, Never>] = []
    }

    private enum Purpose: Equatable {
        case single
        case page(first: Bool)
        /// Page 1 again, from the server: skips the cache and ignores the call while loading.
        case refresh
    }

    private enum Submission {
        case finished(Result<JSONValue, APIError>)
        case inFlight(Int)
    }

    /// Prefer `NetworkEnvironment.make…Manager(landingPoint:)`, which passes the shared pieces.
    public init(
        api: API, transport: any Transport, cache: ResponseCache, clock: NetworkClock, landingPoint: LandingPoint,
        interceptors: [any APIInterceptor] = [], monitor: RequestMonitor = RequestMonitor(),
        journal: RequestJournal = RequestJournal()
    ) {
        self.api = api
        self.monitor = monitor
        self.journal = journal
        self.transport = transport
        self.cache = cache
        self.clock = clock
        self.landingPoint = landingPoint
        self.interceptors = interceptors
        self.requestPolicy = api.requestPolicy
        self.pager = api as? any PagedAPIDescriptor
        landingPoint.register(self)
    }

    isolated deinit {
        for observer in stateObservers.values { observer.finish() }
        for flight in inFlight.values {
            flight.task?.cancel()
            monitor.requestEnded()
            journal.finish(flight.record, .cancelled("manager released"), at: clock.now)
        }
    }

    public var method: String { api.method }
    public var service: Service { api.service }
    public var isLoading: Bool { !inFlight.isEmpty }

    // MARK: Consumption: delegate, async, stream

    public func loadData() {
        _ = submit(.single)
    }

    public func load() async throws(APIError) -> JSONValue {
        try await wait(for: submit(.single))
    }

    /// Loads and returns the data through `reformer`.
    public func load<R: Reformer>(reformer: R) async throws(APIError) -> R.Output {
        try reform(await load(), with: reformer)
    }

    public func fetchData() -> JSONValue? {
        rawData
    }

    public func fetchData<R: Reformer>(reformer: R) -> R.Output? {
        rawData.map { reform($0, with: reformer) }
    }

    /// An `AsyncStream` rather than an `@Observable` property: every consumer gets its own stream,
    /// every transition is delivered (Observation would coalesce loading → loaded within one
    /// turn), and the stream finishing tells a binding its screen was torn down.
    public func states() -> AsyncStream<LoadState> {
        let (stream, continuation) = AsyncStream.makeStream(of: LoadState.self, bufferingPolicy: .unbounded)
        if landingPoint.isClosed {
            continuation.finish()
            return stream
        }
        let id = nextObserverID
        nextObserverID += 1
        continuation.yield(state)
        stateObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.stateObservers[id] = nil }
        }
        return stream
    }

    public func cancelAllRequests() {
        for id in inFlight.keys.sorted() { cancel(id, reason: landingPoint.isClosed ? "teardown" : "cancelled") }
        if landingPoint.isClosed {
            for observer in stateObservers.values { observer.finish() }
            stateObservers.removeAll()
        }
    }

    // MARK: Paging

    /// The page to ask for next.
    private var nextPageNumber: Int { currentPage + 1 }

    // MARK: The pipeline

    private func submit(_ purpose: Purpose) -> Submission {
        guard !landingPoint.isClosed else {
            trace(.network, self, "ignored: \(landingPoint.name) torn down")
            journalIgnored("\(landingPoint.name) torn down", purpose: purpose, joined: nil)
            return .finished(.failure(.cancelled))
        }
        if purpose == .page(first: false) {
            if let newest = inFlight.keys.max() {
                trace(.network, self, "ignored: page already loading")
                journalIgnored("page already loading", purpose: purpose, joined: newest)
                return .inFlight(newest)
            }
            if isLastPage {
                trace(.network, self, "ignored: last page")
                journalIgnored("last page", purpose: purpose, joined: nil)
                return .finished(rawData.map { .success($0) } ?? .failure(.noContent))
            }
        } else if purpose == .refresh, let newest = inFlight.keys.max() {
            trace(.network, self, "ignored: already loading (refresh)")
            journalIgnored("already loading (refresh)", purpose: purpose, joined: newest)
            return .inFlight(newest)
        } else if let newest = inFlight.keys.max() {
            switch requestPolicy {
            case .allowConcurrent:
                break
            case .ignoreIfLoading:
                trace(.network, self, "ignored: already loading")
                journalIgnored("already loading", purpose: purpose, joined: newest)
                return .inFlight(newest)
            case .cancelPrevious:
                for id in inFlight.keys.sorted() { cancel(id, reason: "cancelled previous") }
            }
        }

        var values = parameterSource?.parameters(for: self) ?? parameters
        var page: Int?
        if let pager, purpose != .single {
            let number = purpose == .page(first: false) ? nextPageNumber : 1
            values[ListingParameter.page] = String(number)
            values[ListingParameter.pageSize] = String(pager.pageSize)
            page = number
        }
        let canonical = CanonicalParameters(values)
        let record = journal.begin(method: api.method, service: api.service.id, parameters: canonical, page: page,
                                   at: clock.now)

        for (index, interceptor) in interceptors.enumerated() where !interceptor.shouldCall(self, parameters: canonical) {
            trace(.network, self, "vetoed by \(type(of: interceptor))")
            journal.note(record, .shouldCall, count: index + 1)
            journal.finish(record, .vetoed(by: "\(type(of: interceptor))"), at: clock.now)
            return .finished(.failure(.cancelled))
        }
        journal.note(record, .shouldCall, count: interceptors.count)
        do throws(APIError) {
            try api.validate(parameters: canonical)
        } catch {
            trace(.network, self, "not sent: \(error.userMessage)")
            journal.finish(record, .rejected(error), at: clock.now)
            deliverFailure(error, record: record)
            return .finished(.failure(error))
        }

        let key = CacheKey(service: api.service.id, method: api.method, parameters: canonical)
        if case .memory = api.cachePolicy, purpose != .refresh, let hit = cache.value(for: key) {
            trace(.cache, self, "cache hit \(key)")
            journal.finish(record, .cacheHit, at: clock.now)
            for interceptor in interceptors { interceptor.afterCall(self, parameters: canonical) }
            journal.note(record, .afterCall, count: interceptors.count)
            deliverSuccess(hit, page: page, record: record)
            return .finished(.success(hit))
        }

        let attempt = attempts[key.description, default: 0]
        attempts[key.description] = attempt + 1
        let request = RequestSigner.sign(service: api.service, method: api.method, parameters: canonical, attempt: attempt)
        let id = nextRequestID
        nextRequestID += 1
        let context = Trace.context
        let startedAt = clock.now
        inFlight[id] = Flight(request: request, page: page, record: record, startedAt: startedAt, context: context)
        monitor.requestStarted()
        journal.update(record) {
            $0.sentAt = startedAt
            $0.attempt = attempt
        }
        trace(.network, self, "GET \(api.method)\(page.map { " page=\($0)" } ?? "")" + (attempt > 0 ? " attempt \(attempt + 1)" : ""))
        let transport = self.transport
        // The task holds the manager weakly: a torn-down screen's manager can go while the reply travels.
        inFlight[id]?.task = Task { [weak self] in
            let result: Result<[UInt8], APIError>
            do throws(APIError) {
                result = .success(try await transport.send(request))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            Trace.$context.withValue(context) { self.land(id, result) }
        }
        setState(.loading)
        for interceptor in interceptors { interceptor.afterCall(self, parameters: canonical) }
        journal.note(record, .afterCall, count: interceptors.count)
        return .inFlight(id)
    }

    private func land(_ id: Int, _ result: Result<[UInt8], APIError>) {
        guard let flight = inFlight.removeValue(forKey: id) else {
            trace(.network, self, "dropped late reply to cancelled \(api.method)")
            return
        }
        defer { monitor.requestEnded() }
        // One reading of the clock, so the journal's latency is the one the trace shows.
        let landedAt = clock.now
        let milliseconds = (landedAt - flight.startedAt) / .milliseconds(1)
        let label = "GET \(api.method)\(flight.page.map { " page=\($0)" } ?? "")"
        let outcome: Result<JSONValue, APIError>
        switch result {
        case .failure(let error):
            outcome = .failure(error)
        case .success(let bytes):
            journal.update(flight.record) { $0.byteCount = bytes.count }
            for interceptor in interceptors { interceptor.didReceiveResponse(self, byteCount: bytes.count) }
            journal.note(flight.record, .didReceiveResponse, count: interceptors.count)
            outcome = parse(bytes, parameters: flight.request.parameters)
        }
        switch outcome {
        case .success(let json):
            let count = json["items"]?.arrayValue?.count
            trace(.network, self, "\(label) → \(count.map { "\($0) items" } ?? "ok"), \(Int(milliseconds)) ms")
            journal.finish(flight.record, .succeeded(items: count), at: landedAt)
            if case .memory(let timeToLive) = api.cachePolicy {
                cache.store(json, for: CacheKey(service: api.service.id, method: api.method, parameters: flight.request.parameters), timeToLive: timeToLive)
            }
            deliverSuccess(json, page: flight.page, record: flight.record)
            for waiter in flight.waiters { waiter.resume(returning: .success(rawData ?? json)) }
        case .failure(let error):
            trace(.network, self, "\(label) → \(error.shortName), \(Int(milliseconds)) ms")
            journal.finish(flight.record, .failed(error), at: landedAt)
            deliverFailure(error, record: flight.record)
            for waiter in flight.waiters { waiter.resume(returning: .failure(error)) }
        }
    }

    /// Bytes → validated JSON. Empty bytes are no content; unparsable ones are malformed.
    private func parse(_ bytes: [UInt8], parameters: CanonicalParameters) -> Result<JSONValue, APIError> {
        guard !bytes.isEmpty else { return .failure(.noContent) }
        let json: JSONValue
        do throws(JSONParseError) {
            json = try JSONValue(parsing: bytes)
        } catch {
            return .failure(.malformedResponse(error.description))
        }
        do throws(APIError) {
            try api.validate(response: json, parameters: parameters)
        } catch {
            return .failure(error)
        }
        return .success(json)
    }

    private func deliverSuccess(_ json: JSONValue, page: Int?, record: Int) {
        if let pager, let page {
            let info = pager.pageInfo(of: json)
            rawData = page == 1 || rawData == nil ? json : pager.appending(json, to: rawData!)
            currentPage = page
            isLastPage = info.isLastPage
        } else {
            rawData = json
        }
        settledState = .loaded
        setState(inFlight.isEmpty ? .loaded : .loading)
        for interceptor in interceptors { interceptor.beforeSuccess(self) }
        journal.note(record, .beforeSuccess, count: interceptors.count)
        delegate?.managerDidSucceed(self)
        for interceptor in interceptors { interceptor.afterSuccess(self) }
        journal.note(record, .afterSuccess, count: interceptors.count)
    }

    private func deliverFailure(_ error: APIError, record: Int) {
        settledState = .failed(error)
        setState(inFlight.isEmpty ? settledState : .loading)
        for interceptor in interceptors { interceptor.beforeFailure(self, error: error) }
        journal.note(record, .beforeFailure, count: interceptors.count)
        delegate?.managerDidFail(self, error: error)
        for interceptor in interceptors { interceptor.afterFailure(self, error: error) }
        journal.note(record, .afterFailure, count: interceptors.count)
    }

    private func cancel(_ id: Int, reason: String) {
        guard let flight = inFlight.removeValue(forKey: id) else { return }
        monitor.requestEnded()
        journal.finish(flight.record, .cancelled(reason), at: clock.now)
        flight.task?.cancel()
        trace(.network, self, "\(reason): GET \(api.method)\(flight.page.map { " page=\($0)" } ?? "")")
        for waiter in flight.waiters { waiter.resume(returning: .failure(.cancelled)) }
        if inFlight.isEmpty { setState(settledState) }
    }

    /// Journals a call the policy (or paging) ignored; `joined` is the in-flight request it joined.
    private func journalIgnored(_ reason: String, purpose: Purpose, joined: Int?) {
        let page: Int? = switch purpose {
        case .single: nil
        case .page(first: true), .refresh: 1
        case .page(first: false): nextPageNumber
        }
        journal.ignored(method: api.method, service: api.service.id, page: pager == nil ? nil : page, reason: reason,
                        joined: joined.flatMap { inFlight[$0]?.record }, at: clock.now)
    }

    private func setState(_ newState: LoadState) {
        guard newState != state else { return }
        state = newState
        guard !landingPoint.isClosed else { return }
        for observer in stateObservers.values { observer.yield(newState) }
    }

    private func wait(for submission: Submission) async throws(APIError) -> JSONValue {
        switch submission {
        case .finished(let result):
            return try result.get()
        case .inFlight(let id):
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Result<JSONValue, APIError>, Never>) in
                    if inFlight[id] != nil {
                        inFlight[id]?.waiters.append(continuation)
                    } else {
                        continuation.resume(returning: .failure(.cancelled))
                    }
                }
            } onCancel: { [self] in
                // The awaiting task was cancelled: cancel its request (and so every caller joined to it).
                // A strong capture is fine: this closure is released when the wait ends.
                Task { @MainActor in self.cancel(id, reason: "caller cancelled") }
            }
            return try result.get()
        }
    }

    private func reform<R: Reformer>(_ data: JSONValue, with reformer: R) -> R.Output {
        trace(.reformer, self, "\(type(of: reformer)) ← \(api.method)")
        return reformer.reform(data, from: ResponseSource(service: api.service, method: api.method))
    }
}

// MARK: Paging, for paged APIs only

extension APIManager: PagedAPIManaging where API: PagedAPIDescriptor {
    public func loadFirstPage() {
        _ = submit(.page(first: true))
    }

    public func loadNextPage() {
        _ = submit(.page(first: false))
    }

    public func firstPage() async throws(APIError) -> JSONValue {
        try await wait(for: submit(.page(first: true)))
    }

    public func nextPage() async throws(APIError) -> JSONValue {
        try await wait(for: submit(.page(first: false)))
    }

    public func refresh() {
        _ = submit(.refresh)
    }

    public func refreshedFirstPage() async throws(APIError) -> JSONValue {
        try await wait(for: submit(.refresh))
    }
}

/// The rent team's list manager.
public typealias RentListManager = APIManager<RentListAPI>
/// The new-homes team's list manager.
public typealias NewHomesListManager = APIManager<NewHomesListAPI>
/// The second-hand team's list manager.
public typealias SecondHandListManager = APIManager<SecondHandListAPI>
/// The person service's manager (`parameters = ["id": …]`).
public typealias PersonManager = APIManager<PersonAPI>

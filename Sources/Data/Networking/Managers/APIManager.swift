import Tracing

/// One API's manager (casatwy's discrete layer): the screen says "load" and hears back through
/// its delegate, then reads the data through a reformer it chooses; underneath, the shared
/// intensive work (assemble canonical parameters, sign, send through the transport, validate,
/// cache) happens here.
///
/// Main-actor isolated because it lives with a screen and delivers to UI code. It never keeps its
/// screen alive: the delegate and parameter source are weak, in-flight tasks hold it weakly.
/// A reply that arrives after its request was cancelled is dropped (and traced), never delivered.
///
/// The concrete managers are this class over each API's descriptor: `RentListManager`,
/// `NewHomesListManager`, `SecondHandListManager`, `PersonManager`.
@MainActor
package final class APIManager<API: APIDescriptor>: APIManaging {
    /// The API this manager calls.
    package let api: API
    package weak var delegate: (any APIManagerDelegate)?
    package weak var parameterSource: (any APIManagerParameterSource)?
    package var parameters: [String: String] = [:]
    package var requestPolicy: RequestPolicy
    /// Called around every load in `APIInterceptor`'s documented order, in array order.
    package var interceptors: [any APIInterceptor]
    package private(set) var state: LoadState = .idle
    /// Pages loaded so far (paged APIs).
    package private(set) var currentPage = 0
    /// True once the last page has loaded (paged APIs).
    package private(set) var isLastPage = false

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
    private var attempts: [CacheKey: Int] = [:]

    /// One call this manager took and assembled: its record — what the journal keeps, the trace
    /// reads and the interceptors are told — and what sending and caching need.
    private struct Call {
        var record: RequestRecord
        let parameters: CanonicalParameters
        let key: CacheKey
        /// What the call's own events are recorded under (nil when nothing is traced): the trace
        /// pane folds them into one line by it.
        let traceRequest: TraceRequest?
    }

    /// A call handed to the transport, until its reply lands or it is cancelled.
    private struct Flight {
        var call: Call
        let task: Task<Void, Never>
    }

    private enum Purpose: Equatable {
        case single
        case page(first: Bool)
        /// Page 1 again, from the server: skips the cache and ignores the call while loading.
        case refresh
    }

    /// Prefer `NetworkEnvironment.make…Manager(landingPoint:)`, which passes the shared pieces.
    package init(
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
        self.pager = api.asPaged
        landingPoint.register(self)
    }

    isolated deinit {
        for flight in inFlight.values {
            flight.task.cancel()
            monitor.requestEnded()
            // Journaled, not traced: the screen whose action it was is long gone.
            var record = flight.call.record
            record.take(.cancelled(reason: "manager released"), at: clock.now, interceptors: interceptors.count)
            journal.keep(&record)
        }
    }

    package var method: String { api.method }
    package var service: Service { api.service }
    package var isLoading: Bool { !inFlight.isEmpty }

    // MARK: Consumption: load, hear back by delegate, fetch through a reformer

    @discardableResult
    package func loadData() -> Bool {
        submit(.single)
    }

    package func fetchData() -> JSONValue? {
        rawData
    }

    package func fetchData<R: Reformer>(with reformer: R) -> R.Output? {
        rawData.map { reform($0, with: reformer) }
    }

    package func cancelAllRequests() {
        for id in inFlight.keys.sorted() { cancel(id, reason: landingPoint.isClosed ? "teardown" : "cancelled") }
    }

    // MARK: Paging

    /// The page to ask for next.
    private var nextPageNumber: Int { currentPage + 1 }

    // MARK: The pipeline

    /// One call, as casatwy's steps: the request policy, assembling the parameters, the
    /// interceptors' say, validation, the cache, sending. A step that settles the call's fate
    /// returns a decision, which `record(_:in:)` writes once; what follows it (interceptor hooks,
    /// delivery) reads the same record.
    ///
    /// True when a request went out: its answer reaches the delegate on a later turn, never during
    /// the call. False when the call was answered at once (the cache, a rejection: the delegate
    /// heard inside the call) or turned away (ignored, joined to the request in flight, vetoed:
    /// the delegate hears nothing more of it).
    private func submit(_ purpose: Purpose) -> Bool {
        if let ignored = policy(for: purpose) {
            var record = newRecord(page: page(for: purpose), parameters: nil)
            Trace.$request.withValue(Trace.newRequest()) { self.record(ignored, in: &record) }
            return false
        }
        let call = assemble(purpose)
        return Trace.$request.withValue(call.traceRequest) { submit(call, purpose) }
    }

    /// The steps after assembling, under the call's trace tag (the same name: the trace names the
    /// step that decided).
    private func submit(_ call: Call, _ purpose: Purpose) -> Bool {
        var call = call
        if let veto = askInterceptors(about: &call) {
            record(veto, in: &call.record)
            return false
        }
        if let error = rejection(of: call) {
            record(.rejected(error), in: &call.record)
            deliver(.failure(error), for: call)
            return false
        }
        if let hit = cachedReply(for: call, purpose) {
            record(.cacheHit(call.key, hit.tier), in: &call.record)
            for interceptor in interceptors { interceptor.afterCall(self, parameters: call.parameters) }
            deliver(.success(hit.value), for: call)
            return false
        }
        let attempt = nextAttempt(for: call.key)
        record(.sent(attempt: attempt), in: &call.record)
        send(call, attempt: attempt)
        state = .loading
        for interceptor in interceptors { interceptor.afterCall(self, parameters: call.parameters) }
        return true
    }

    /// Records `decision` once, into `record`: the journal keeps the record as it now stands and
    /// the trace line is read from it. The trace names the step that decided (`function`, `line`),
    /// not this bookkeeping.
    private func record(
        _ decision: CallDecision, in record: inout RequestRecord, function: StaticString = #function, line: UInt = #line
    ) {
        record.take(decision, at: clock.now, interceptors: interceptors.count)
        journal.keep(&record)
        // The decision's event carries what the request came to: the folded line's words.
        let request = Trace.request.map { TraceRequest(id: $0.id, outcome: decision.outcome(for: record)) }
        Trace.$request.withValue(request) {
            @Traced(decision.role, self, decision.traceLine(for: record), function: function, line: line) var call
        }
    }

    // MARK: The steps before sending

    /// The request policy's word on a call, before anything is assembled: why it is ignored, or
    /// nil to go on — after cancelling, under `cancelPrevious`, the requests it replaces.
    private func policy(for purpose: Purpose) -> CallDecision? {
        guard !landingPoint.isClosed else {
            return .ignored(reason: "\(landingPoint.name) torn down", joined: nil)
        }
        // Ids grow, so the newest is the largest (the empty case, every first call, skips the search).
        guard !inFlight.isEmpty, let newest = inFlight.keys.max() else {
            guard purpose == .page(first: false), isLastPage else { return nil }
            return .ignored(reason: "last page", joined: nil)
        }
        switch (purpose, requestPolicy) {
        case (.page(first: false), _): return join(newest, because: "page already loading")
        case (.refresh, _): return join(newest, because: "already loading (refresh)")
        case (_, .allowConcurrent): return nil
        case (_, .ignoreIfLoading): return join(newest, because: "already loading")
        case (_, .cancelPrevious):
            for id in inFlight.keys.sorted() { cancel(id, reason: "cancelled previous") }
            return nil
        }
    }

    /// Ignores a call whose delegate hears the request in flight `id` instead.
    private func join(_ id: Int, because reason: String) -> CallDecision {
        .ignored(reason: reason, joined: inFlight[id]?.call.record.id)
    }

    /// The page a call asks for; nil for a single load or an API without pages.
    private func page(for purpose: Purpose) -> Int? {
        guard pager != nil else { return nil }
        return switch purpose {
        case .single: nil
        case .page(first: true), .refresh: 1
        case .page(first: false): nextPageNumber
        }
    }

    /// A record of a call taken now; the journal numbers it when the first decision is recorded.
    private func newRecord(page: Int?, parameters: CanonicalParameters?) -> RequestRecord {
        RequestRecord(method: api.method, service: api.service.id, parameters: parameters, page: page, startedAt: clock.now)
    }

    /// The call's parameters — the parameter source's, or `parameters` — with the page for paged
    /// APIs, in canonical form: what is signed, cached under and recorded.
    private func assemble(_ purpose: Purpose) -> Call {
        var values = parameterSource?.parameters(for: self) ?? parameters
        let page = page(for: purpose)
        if let pager, let page {
            values[ListingParameter.page] = String(page)
            values[ListingParameter.pageSize] = String(pager.pageSize)
        }
        let canonical = CanonicalParameters(values)
        return Call(record: newRecord(page: page, parameters: canonical), parameters: canonical,
                    key: CacheKey(service: api.service.id, method: api.method, parameters: canonical),
                    traceRequest: Trace.newRequest())
    }

    /// Asks each interceptor in turn whether the call may go; the record notes how many were
    /// asked (a veto stops the asking). Returns the veto, if one said no.
    private func askInterceptors(about call: inout Call) -> CallDecision? {
        for (index, interceptor) in interceptors.enumerated() where !interceptor.shouldCall(self, parameters: call.parameters) {
            call.record.note(.shouldCall, count: index + 1)
            return .vetoed(by: "\(type(of: interceptor))")
        }
        call.record.note(.shouldCall, count: interceptors.count)
        return nil
    }

    /// What the API finds wrong with the call's parameters, if anything.
    private func rejection(of call: Call) -> APIError? {
        do throws(APIError) {
            try api.validate(parameters: call.parameters)
            return nil
        } catch {
            return error
        }
    }

    /// The live cached reply to the call and the tier that held it, when the API's data is
    /// cached; never for a refresh, which asks the server.
    private func cachedReply(for call: Call, _ purpose: Purpose) -> (value: JSONValue, tier: CacheTier)? {
        guard case .byAge = api.cachePolicy, purpose != .refresh else { return nil }
        return cache.lookUp(call.key)
    }

    /// Counts the sends of the same parameters: each retry draws new luck from the server.
    private func nextAttempt(for key: CacheKey) -> Int {
        defer { attempts[key, default: 0] += 1 }
        return attempts[key, default: 0]
    }

    // MARK: Sending, landing, cancelling

    /// Signs the call and sends it on a later turn, so the delegate never hears back during the
    /// call (and the role can show "Loading …" first), even when the reply needs no waiting. The
    /// flight's task holds the manager weakly: a torn-down screen's manager can go while the
    /// reply travels.
    private func send(_ call: Call, attempt: Int) {
        let request = RequestSigner.sign(service: api.service, method: api.method, parameters: call.parameters, attempt: attempt)
        let id = nextRequestID
        nextRequestID += 1
        let context = Trace.context
        let transport = self.transport
        let task = Task { [weak self] in
            let result: Result<[UInt8], APIError>
            do throws(APIError) {
                result = .success(try await transport.send(request))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            Trace.$context.withValue(context) { self.land(id, result) }
        }
        inFlight[id] = Flight(call: call, task: task)
        monitor.requestStarted()
    }

    /// The transport's answer for flight `id`: the reply is received, then the outcome recorded
    /// once and delivered. A reply to a cancelled request is dropped.
    private func land(_ id: Int, _ result: Result<[UInt8], APIError>) {
        guard var flight = inFlight.removeValue(forKey: id) else {
            @Traced(.network, self, "dropped late reply to cancelled \(api.method)") var call
            return
        }
        defer { monitor.requestEnded() }
        Trace.$request.withValue(flight.call.traceRequest) { land(&flight, result) }
    }

    /// `land`'s steps for a flight it found, under the call's trace tag (the same name, as in `submit`).
    private func land(_ flight: inout Flight, _ result: Result<[UInt8], APIError>) {
        switch result.flatMap({ receive($0, for: &flight.call) }) {
        case .success(let json):
            record(.succeeded(items: json["items"]?.arrayValue?.count), in: &flight.call.record)
            if case .byAge(let timeToLive) = api.cachePolicy {
                cache.store(json, for: flight.call.key, timeToLive: timeToLive, size: flight.call.record.byteCount ?? 0)
            }
            deliver(.success(json), for: flight.call)
        case .failure(let error):
            record(.failed(error), in: &flight.call.record)
            deliver(.failure(error), for: flight.call)
        }
    }

    /// A reply's bytes arrived: the record notes their size and the interceptors hear of it, then
    /// they are parsed and validated.
    private func receive(_ bytes: [UInt8], for call: inout Call) -> Result<JSONValue, APIError> {
        call.record.byteCount = bytes.count
        call.record.note(.didReceiveResponse, count: interceptors.count)
        for interceptor in interceptors { interceptor.didReceiveResponse(self, byteCount: bytes.count) }
        return parse(bytes, parameters: call.parameters)
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

    /// Hands a result to the screen: the data and the state first, then the interceptors and the
    /// delegate in `APIInterceptor`'s order (the hooks the call's record listed when it was decided).
    private func deliver(_ result: Result<JSONValue, APIError>, for call: Call) {
        @Traced(.network, self, "\(api.method) → delegate") var delivery
        switch result {
        case .success(let json):
            keep(json, page: call.record.page)
            settledState = .loaded
            state = inFlight.isEmpty ? .loaded : .loading
            for interceptor in interceptors { interceptor.beforeSuccess(self) }
            // The delegate's reaction is the screen's, not the request's.
            Trace.$request.withValue(nil) { delegate?.managerDidSucceed(self) }
            for interceptor in interceptors { interceptor.afterSuccess(self) }
        case .failure(let error):
            settledState = .failed(error)
            state = inFlight.isEmpty ? settledState : .loading
            for interceptor in interceptors { interceptor.beforeFailure(self, error: error) }
            Trace.$request.withValue(nil) { delegate?.managerDidFail(self, error: error) }
            for interceptor in interceptors { interceptor.afterFailure(self, error: error) }
        }
    }

    /// Keeps a success's data: a paged API's later page is appended to the pages so far.
    private func keep(_ json: JSONValue, page: Int?) {
        guard let pager, let page else {
            rawData = json
            return
        }
        rawData = page == 1 || rawData == nil ? json : pager.appending(json, to: rawData!)
        currentPage = page
        isLastPage = pager.pageInfo(of: json).isLastPage
    }

    /// Cancels flight `id`: its task stops, its delegate hears nothing, a reply that still comes
    /// is dropped.
    private func cancel(_ id: Int, reason: String) {
        guard var flight = inFlight.removeValue(forKey: id) else { return }
        monitor.requestEnded()
        flight.task.cancel()
        Trace.$request.withValue(flight.call.traceRequest) { record(.cancelled(reason: reason), in: &flight.call.record) }
        if inFlight.isEmpty { state = settledState }
    }

    private func reform<R: Reformer>(_ data: JSONValue, with reformer: R) -> R.Output {
        @Traced(.reformer, self, "\(type(of: reformer)) ← \(api.method)") var call
        return reformer.reform(data, from: ResponseSource(service: api.service, method: api.method))
    }
}

// MARK: Paging, for paged APIs only

extension APIManager: PagedDataManaging, PagedAPIManaging where API: PagedAPIDescriptor {
    @discardableResult
    package func loadFirstPage() -> Bool {
        submit(.page(first: true))
    }

    @discardableResult
    package func loadNextPage() -> Bool {
        submit(.page(first: false))
    }

    @discardableResult
    package func refresh() -> Bool {
        submit(.refresh)
    }
}

/// The rent team's list manager.
package typealias RentListManager = APIManager<RentListAPI>
/// The new-homes team's list manager.
package typealias NewHomesListManager = APIManager<NewHomesListAPI>
/// The second-hand team's list manager.
package typealias SecondHandListManager = APIManager<SecondHandListAPI>
/// The person service's manager (`parameters = ["id": …]`).
package typealias PersonManager = APIManager<PersonAPI>

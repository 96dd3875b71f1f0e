import Networking
import Synchronization
import Tracing

/// The fake backends behind one `Transport`: rent, new homes, second-hand, person and log. Like a
/// real server it checks each request's signature with the service's own secret, pages results
/// and answers raw JSON bytes; like a real network it takes time and sometimes fails, as the live
/// scenario says. Each request's luck comes from (seed, API, canonical parameters, attempt), so
/// outcomes never depend on scheduling.
package struct FakeServer: Transport {
    /// The listing and person backends, each made from its fixture file on its first request.
    private let backends: Backends
    private let logs = LogService()
    private let images = ImageService()
    /// The secrets the server checks against, per service id (its own copy, as a server would hold).
    private let secrets: [String: String]
    /// The live scenario, read on every request: what the network inspector's controls change.
    package let scenario: ScenarioControls
    private let clock: NetworkClock

    /// - Parameters:
    ///   - fixtures: the data to serve.
    ///   - scenario: read on every request, so changes apply to the next request.
    ///   - clock: latency is slept on it (a `TestClock` in tests).
    ///   - secrets: per service id; defaults to the known services' secrets.
    package init(
        fixtures: Fixtures, scenario: ScenarioControls, clock: NetworkClock,
        secrets: [String: String] = Dictionary(uniqueKeysWithValues: Service.all.map { ($0.id, $0.secret) })
    ) {
        backends = Backends(fixtures: fixtures)
        self.secrets = secrets
        self.scenario = scenario
        self.clock = clock
    }

    package nonisolated(nonsending) func send(_ request: SignedRequest) async throws(APIError) -> [UInt8] {
        let scenario = scenario.takeScenarioForRequest()
        if scenario.offline { throw .noNetwork }
        var random = SeededRandom(
            seed: scenario.seed, method: request.method, canonicalParameters: request.parameters.canonicalString,
            attempt: request.attempt)
        let latency = scenario.drawLatency(&random)
        // The roll is drawn even when a one-shot failure overrides it, so later draws stay the same.
        let rolled = scenario.failureRates.failure(forRoll: random.nextUnit())
        let failure = scenario.nextFailure ?? rolled

        // A timeout holds the request for the longest latency the scenario allows.
        try await wait(failure == .timeout ? scenario.latency.upperBound : latency)
        switch failure {
        case .timeout?, .noNetwork?: throw failure!.error
        case .malformed?: return Array("{\"items\":[{\"id\":\"tr".utf8)
        case .noContent?: return []
        case nil: break
        }

        guard let secret = secrets[request.service.id], RequestSigner.verify(request, secret: secret) else {
            throw .signatureRejected
        }
        if let service = backends.listing(for: request.method) { return service.respond(to: request.parameters) }
        if request.method == PersonAPI().method { return backends.people.respond(to: request.parameters) }
        if request.method == OperationLog.method { return logs.respond(to: request.parameters) }
        if request.method == ImageAPI.method { return images.respond(to: request.parameters) }
        return Array("{\"error\":\"unknown method \(request.method)\"}".utf8)
    }

    /// The operation-log entry ids the log service has taken, each once, in the order they came.
    package var loggedEntryIDs: [String] { logs.receivedIDs }
    /// How many `log.batch` requests reached the log service (duplicates included).
    package var logBatchCount: Int { logs.batchCount }

    private nonisolated(nonsending) func wait(_ duration: Duration) async throws(APIError) {
        if duration > .zero {
            do {
                try await clock.sleep(for: duration)
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
    }
}

/// The fixture-backed services, made when first asked for: a server is built at launch, and the
/// first frame needs none of them (a listing service also encodes every item of its file).
private final class Backends: Sendable {
    private static let files = [
        RentListAPI().method: FixtureFile.rent,
        NewHomesListAPI().method: .newHomes,
        SecondHandListAPI().method: .secondHand,
    ]

    private let fixtures: Fixtures
    private let listings = Mutex<[String: ListingService]>([:])
    private let person = Mutex<PersonService?>(nil)

    init(fixtures: Fixtures) {
        self.fixtures = fixtures
    }

    /// The listing backend answering `method`, nil when it is not a listing API.
    func listing(for method: String) -> ListingService? {
        guard let file = Self.files[method] else { return nil }
        return listings.withLock { listings in
            if let service = listings[method] { return service }
            let service = ListingService(file: file, items: fixtures[file])
            listings[method] = service
            return service
        }
    }

    var people: PersonService {
        person.withLock { person in
            if let person { return person }
            let made = PersonService(items: fixtures[.people])
            person = made
            return made
        }
    }
}

import Model
import Networking
import Reformers
import TestSupport
import Testing

/// The model layer's person service over the real person manager and the fake server: a person
/// or a `LoadFailure`, and every way a load is cancelled ends in `.cancelled`.
@MainActor
@Suite("Person service", .timeLimit(.minutes(1)))
struct PersonServiceTests {
    /// One load, as a task the test can cancel; its outcome as a value.
    private func startLoad(_ service: any PersonService, id: String = "liu-qian") -> Task<Result<Person, LoadFailure>, Never> {
        Task.immediate {
            do throws(LoadFailure) {
                return .success(try await service.loadPerson(id: id))
            } catch {
                return .failure(error)
            }
        }
    }

    @Test("a person from the person API, through PersonReformer")
    func loadsPerson() async {
        let network = TestNetwork().environment
        let service = network.makePersonService(landingPoint: network.makeLandingPoint("test"))
        let result = await startLoad(service).value
        #expect(result == .success(Person(id: "liu-qian", firstName: "谦", lastName: "刘")))
        #expect(!service.isLoading)
    }

    @Test("a failure in the model's words")
    func failure() async {
        let network = TestNetwork(offline: true).environment
        let service = network.makePersonService(landingPoint: network.makeLandingPoint("test"))
        #expect(await startLoad(service).value == .failure(.failed(userMessage: "No network connection.", shortName: "no network")))
        #expect(await startLoad(service, id: "").value
            == .failure(.failed(userMessage: "Invalid request: a person id is required.", shortName: "parameters")))
    }

    @Test("cancel(), the landing point's teardown and the caller's cancellation each end a load with .cancelled",
          arguments: ["service", "landing point", "task"])
    func cancellation(by canceller: String) async {
        let test = TestNetwork(latency: .milliseconds(300))
        let landingPoint = test.environment.makeLandingPoint("test")
        let service = test.environment.makePersonService(landingPoint: landingPoint)
        let load = startLoad(service)
        await test.environment.untilAsleep()
        #expect(service.isLoading)
        switch canceller {
        case "service": service.cancel()
        case "landing point": landingPoint.cancelAll()
        default: load.cancel()
        }
        // The reply's time comes: a load that was not cancelled would land now, not hang.
        await test.advance(by: .milliseconds(300))
        #expect(await load.value == .failure(.cancelled))
        #expect(!service.isLoading)
        #expect(test.environment.monitor.inFlight == 0)
    }
}

import Clocks
import Networking
import Testing

@Suite struct CacheTests {
    private func key(_ page: Int) -> CacheKey {
        CacheKey(service: "rent", method: "rent.list", parameters: CanonicalParameters(["page": "\(page)"]))
    }

    @Test func expiresAfterTimeToLive() async {
        let clock = TestClock()
        let cache = ResponseCache(clock: NetworkClock(clock))
        cache.store(.number(1), for: key(1), timeToLive: .seconds(180))
        await clock.advance(by: .seconds(179))
        #expect(cache.value(for: key(1)) == .number(1))
        await clock.advance(by: .seconds(1))
        #expect(cache.value(for: key(1)) == nil)
    }

    @Test func evictsLeastRecentlyUsed() {
        let cache = ResponseCache(clock: NetworkClock(ImmediateClock()), capacity: 2)
        cache.store(.number(1), for: key(1), timeToLive: .seconds(60))
        cache.store(.number(2), for: key(2), timeToLive: .seconds(60))
        _ = cache.value(for: key(1))  // 2 is now the least recently used
        cache.store(.number(3), for: key(3), timeToLive: .seconds(60))
        #expect(cache.value(for: key(1)) == .number(1))
        #expect(cache.value(for: key(2)) == nil)
        #expect(cache.value(for: key(3)) == .number(3))
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test func keyIsServiceMethodAndCanonicalParameters() {
        let a = CacheKey(service: "rent", method: "rent.list", parameters: CanonicalParameters(["b": "1", "a": "2"]))
        let b = CacheKey(service: "rent", method: "rent.list", parameters: CanonicalParameters(["a": "2", "b": "1"]))
        #expect(a == b)
        #expect(a != CacheKey(service: "esf", method: "rent.list", parameters: CanonicalParameters(["a": "2", "b": "1"])))
    }
}

/// casatwy's interception points (AOP hooks) around every load. Called on the main actor in this
/// fixed order:
///
/// 1. `shouldCall` — may veto the load (it then ends as `.cancelled`, nothing sent);
/// 2. (parameter validation, cache lookup, sending) `afterCall` — the request went out or hit the cache;
/// 3. `didReceiveResponse` — bytes arrived from the transport (not for cache hits or transport errors);
/// 4. (response validation) then either `beforeSuccess` → delegate success → `afterSuccess`,
///    or `beforeFailure` → delegate failure → `afterFailure`.
///
/// Every hook has a default that does nothing (or allows), so an interceptor implements only
/// the ones it cares about.
@MainActor
package protocol APIInterceptor {
    func shouldCall(_ manager: any APIManaging, parameters: CanonicalParameters) -> Bool
    func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters)
    func didReceiveResponse(_ manager: any APIManaging, byteCount: Int)
    func beforeSuccess(_ manager: any APIManaging)
    func afterSuccess(_ manager: any APIManaging)
    func beforeFailure(_ manager: any APIManaging, error: APIError)
    func afterFailure(_ manager: any APIManaging, error: APIError)
}

extension APIInterceptor {
    package func shouldCall(_ manager: any APIManaging, parameters: CanonicalParameters) -> Bool { true }
    package func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters) {}
    package func didReceiveResponse(_ manager: any APIManaging, byteCount: Int) {}
    package func beforeSuccess(_ manager: any APIManaging) {}
    package func afterSuccess(_ manager: any APIManaging) {}
    package func beforeFailure(_ manager: any APIManaging, error: APIError) {}
    package func afterFailure(_ manager: any APIManaging, error: APIError) {}
}

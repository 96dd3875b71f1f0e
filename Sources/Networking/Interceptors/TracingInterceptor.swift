import Tracing

/// Feeds every interception point to the trace, so the trace pane shows a request's life.
public struct TracingInterceptor: APIInterceptor {
    public init() {}

    public func shouldCall(_ manager: any APIManaging, parameters: CanonicalParameters) -> Bool {
        trace(.network, self, "\(manager.method) \(parameters)")
        return true
    }

    public func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters) {
        trace(.network, self, manager.method)
    }

    public func didReceiveResponse(_ manager: any APIManaging, byteCount: Int) {
        trace(.network, self, "\(manager.method) \(byteCount) bytes")
    }

    public func beforeSuccess(_ manager: any APIManaging) {
        trace(.network, self, manager.method)
    }

    public func afterSuccess(_ manager: any APIManaging) {
        trace(.network, self, manager.method)
    }

    public func beforeFailure(_ manager: any APIManaging, error: APIError) {
        trace(.network, self, "\(manager.method) \(error.shortName)")
    }

    public func afterFailure(_ manager: any APIManaging, error: APIError) {
        trace(.network, self, "\(manager.method) \(error.shortName)")
    }
}

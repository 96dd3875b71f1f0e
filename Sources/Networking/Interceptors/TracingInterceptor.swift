import Tracing

/// Feeds every interception point to the trace, so the trace pane shows a request's life.
public struct TracingInterceptor: APIInterceptor {
    public init() {}

    public func shouldCall(_ manager: any APIManaging, parameters: CanonicalParameters) -> Bool {
        @Traced(.network, self, "\(manager.method) \(parameters)") var call
        return true
    }

    public func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters) {
        @Traced(.network, self, manager.method) var call
    }

    public func didReceiveResponse(_ manager: any APIManaging, byteCount: Int) {
        @Traced(.network, self, "\(manager.method) \(byteCount) bytes") var call
    }

    public func beforeSuccess(_ manager: any APIManaging) {
        @Traced(.network, self, manager.method) var call
    }

    public func afterSuccess(_ manager: any APIManaging) {
        @Traced(.network, self, manager.method) var call
    }

    public func beforeFailure(_ manager: any APIManaging, error: APIError) {
        @Traced(.network, self, "\(manager.method) \(error.shortName)") var call
    }

    public func afterFailure(_ manager: any APIManaging, error: APIError) {
        @Traced(.network, self, "\(manager.method) \(error.shortName)") var call
    }
}

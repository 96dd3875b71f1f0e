import Tracing

/// Feeds every interception point to the trace, so the trace pane shows a request's life.
package struct TracingInterceptor: APIInterceptor {
    package init() {}

    package func shouldCall(_ manager: any APIManaging, parameters: CanonicalParameters) -> Bool {
        @Traced(.network, self, "\(manager.method) \(parameters)") var call
        return true
    }

    package func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters) {
        @Traced(.network, self, manager.method) var call
    }

    package func didReceiveResponse(_ manager: any APIManaging, byteCount: Int) {
        @Traced(.network, self, "\(manager.method) \(byteCount) bytes") var call
    }

    package func beforeSuccess(_ manager: any APIManaging) {
        @Traced(.network, self, manager.method) var call
    }

    package func afterSuccess(_ manager: any APIManaging) {
        @Traced(.network, self, manager.method) var call
    }

    package func beforeFailure(_ manager: any APIManaging, error: APIError) {
        @Traced(.network, self, "\(manager.method) \(error.shortName)") var call
    }

    package func afterFailure(_ manager: any APIManaging, error: APIError) {
        @Traced(.network, self, "\(manager.method) \(error.shortName)") var call
    }
}

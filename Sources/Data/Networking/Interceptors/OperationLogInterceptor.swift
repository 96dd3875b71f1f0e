import Tracing

/// casatwy's logging as an interceptor: every call a manager makes — sent, or answered from the
/// cache — becomes an entry of the operation log, which sends its entries in batches. No manager
/// and no screen knows the log exists; `NetworkEnvironment.makeOperationLog` installs this on
/// every manager made after it.
package struct OperationLogInterceptor: APIInterceptor {
    private let log: OperationLog

    package init(log: OperationLog) {
        self.log = log
    }

    /// After the call went out (or the cache answered it): `rent.list district=海淀区&page=1&page_size=20`,
    /// with the pattern of the user action that caused it.
    package func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters) {
        log.record("\(manager.method) \(parameters)", pattern: Trace.context?.action.pattern ?? "")
    }
}

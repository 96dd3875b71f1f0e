/// What a manager does when asked to load while a request is already in flight (casatwy's
/// request policies).
package enum RequestPolicy: Sendable, Hashable {
    /// Send the new request too; both land.
    case allowConcurrent
    /// Send nothing (a refresh while refreshing); the delegate hears the one in flight.
    case ignoreIfLoading
    /// Cancel the one in flight and send the new one (a filter change). The cancelled reply is dropped.
    case cancelPrevious
}

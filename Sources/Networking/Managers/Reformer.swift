/// casatwy's reformer: turns a manager's raw data into what one view needs. One API can feed
/// several views through several reformers, and several APIs one view through one reformer.
/// Implementations live in the `Reformers` target; this protocol is here so managers can take them.
public protocol Reformer<Output>: Sendable {
    associatedtype Output
    /// Reforms `data`, which came from the API described by `source`.
    func reform(_ data: JSONValue, from source: ResponseSource) -> Output
}

/// Which API a piece of raw data came from, so one reformer can read several schemas.
public struct ResponseSource: Sendable, Hashable {
    public var service: Service
    public var method: String

    public init(service: Service, method: String) {
        self.service = service
        self.method = method
    }
}

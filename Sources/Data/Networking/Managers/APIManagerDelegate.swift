/// casatwy's delivery style: one callback for success and one for failure, held weakly so a
/// screen that goes away is neither kept alive nor called. Called on the main actor, inside the
/// trace context of the action that started the load. Cancelled requests call neither.
@MainActor
package protocol APIManagerDelegate: AnyObject {
    /// The load succeeded; read the result with `manager.fetchData(with:)`.
    func managerDidSucceed(_ manager: any DataManaging)
    /// The load failed with `error`.
    func managerDidFail(_ manager: any DataManaging, error: APIError)
}

/// Supplies a manager's parameters at load time (casatwy's param source), held weakly.
@MainActor
package protocol APIManagerParameterSource: AnyObject {
    /// The parameters for the next load. Paged managers add `page` and `page_size` themselves.
    func parameters(for manager: any DataManaging) -> [String: String]
}

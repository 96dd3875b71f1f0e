import Tracing

/// Several paged managers as one: the "All" list, casatwy's several APIs feeding one view through
/// one reformer. A role uses it exactly as one team's manager: it asks for pages, hears once per
/// load through its delegate, and reads the data through its reformer, which `combine`s what each
/// API's data became. It is the delegate and the parameter source of its managers, so they send
/// the role's parameters (a filter) and answer here.
///
/// Its policies are its managers': a first page cancels the one in flight, a refresh or a next
/// page is ignored while a load is in flight. A load succeeds when any manager did (the others'
/// failures are in `failures`) and fails only when every manager failed.
@MainActor
package final class MergedListManager: PagedDataManaging {
    package weak var delegate: (any APIManagerDelegate)?
    package weak var parameterSource: (any APIManagerParameterSource)?
    /// The managers merged, in the order their rows interleave.
    private let managers: [any PagedDataManaging]
    /// The managers whose answer to the load in flight has not come yet.
    private var waitingFor: [ObjectIdentifier] = []
    /// How many managers the load in flight (or the last one) asked.
    private var asked = 0
    /// Each manager's failure in the last load, by the manager's index.
    package private(set) var failures: [Int: APIError] = [:]
    private var settledState: LoadState = .idle

    package init(managers: [any PagedDataManaging]) {
        self.managers = managers
        for manager in managers {
            manager.delegate = self
            manager.parameterSource = self
        }
    }

    package var isLoading: Bool { !waitingFor.isEmpty }
    package var state: LoadState { isLoading ? .loading : settledState }
    package var isLastPage: Bool { managers.allSatisfy(\.isLastPage) }

    @discardableResult
    package func loadFirstPage() -> Bool {
        @Traced(.network, self, "first page ×\(managers.count)") var call
        return start(managers) { $0.loadFirstPage() }
    }

    @discardableResult
    package func loadNextPage() -> Bool {
        let pending = managers.filter { !$0.isLastPage }
        guard !isLoading, !pending.isEmpty else {
            @Traced(.network, self, isLoading ? "ignored: page already loading" : "ignored: last page") var call
            return false
        }
        @Traced(.network, self, "next page ×\(pending.count)") var call
        return start(pending) { $0.loadNextPage() }
    }

    @discardableResult
    package func refresh() -> Bool {
        guard !isLoading else {
            @Traced(.network, self, "ignored: already loading (refresh)") var call
            return false
        }
        @Traced(.network, self, "refresh ×\(managers.count)") var call
        return start(managers) { $0.refresh() }
    }

    /// Each manager's data through `reformer`, combined by it; nil until a manager has data.
    package func fetchData<R: Reformer>(with reformer: R) -> R.Output? {
        let outputs = managers.compactMap { $0.fetchData(with: reformer) }
        return outputs.isEmpty ? nil : reformer.combine(outputs)
    }

    package func cancelAllRequests() {
        waitingFor = []
        for manager in managers { manager.cancelAllRequests() }
    }

    /// Asks `managers` all at once (a manager answering from its cache answers at once, inside
    /// `ask`), and tells the delegate when the last one has answered. True when a request went
    /// out, so the answer comes later.
    private func start(_ managers: [any PagedDataManaging], _ ask: (any PagedDataManaging) -> Bool) -> Bool {
        waitingFor = managers.map { ObjectIdentifier($0) }
        asked = managers.count
        failures = [:]
        var sent = false
        for manager in managers {
            if ask(manager) { sent = true }
        }
        return sent && isLoading
    }

    private func answered(_ manager: any DataManaging, error: APIError?) {
        guard let index = waitingFor.firstIndex(of: ObjectIdentifier(manager)) else { return }
        waitingFor.remove(at: index)
        if let error, let position = managers.firstIndex(where: { $0 === manager }) { failures[position] = error }
        guard waitingFor.isEmpty else { return }
        let allFailed = failures.count == asked
        @Traced(.network, self, "\(asked) answered\(allFailed ? ", all failed" : "") → delegate") var call
        if allFailed, let error = failures.sorted(by: { $0.key < $1.key }).first?.value {
            settledState = .failed(error)
            delegate?.managerDidFail(self, error: error)
        } else {
            settledState = .loaded
            delegate?.managerDidSucceed(self)
        }
    }
}

extension MergedListManager: APIManagerDelegate {
    package func managerDidSucceed(_ manager: any DataManaging) {
        answered(manager, error: nil)
    }

    package func managerDidFail(_ manager: any DataManaging, error: APIError) {
        answered(manager, error: error)
    }
}

extension MergedListManager: APIManagerParameterSource {
    /// The role's parameters, the same for every merged API.
    package func parameters(for manager: any DataManaging) -> [String: String] {
        parameterSource?.parameters(for: self) ?? [:]
    }
}

import Model
import Networking
import ModelServices
import Tracing

/// VIPER's Interactor of the property list: all its data work, casatwy's way. It holds one list
/// manager per source, asks the shared source's manager for pages, hears back as its delegate and
/// reads the data through the reformer it chose: `ListingReformer`, whose entities (`Listing`)
/// stay here. The presenter gets plain data and does the formatting — the one place mvx's VIPER
/// departs from casatwy's reformer-to-view in one step, because formatting is VIPER's presenter's
/// job. The managers keep the policies (cancel-previous, ignore-if-loading); no failure type
/// crosses to the presenter, only its message.
@MainActor
final class ListingsInteractor: ListingsInteractorInput {
    weak var output: (any ListingsInteractorOutput)?
    private let appState: AppState
    private let managers: [ListingSource: any PagedDataManaging]
    /// Raw data → entities; the presenter formats what the interactor hands on.
    private let reformer = ListingReformer()
    /// The shared source's listings as of its last load.
    private var listings: [Listing] = []
    private let networkStatus: any NetworkStatus

    /// - Parameters:
    ///   - appState: the shared state: the source and the selected listing.
    ///   - managers: one list manager per source; they land on the module's landing point.
    ///   - networkStatus: the network type; the interactor observes its changes (VIPER's place for
    ///     them) and tells its output.
    init(appState: AppState, managers: [ListingSource: any PagedDataManaging], networkStatus: any NetworkStatus) {
        precondition(Set(managers.keys) == Set(ListingSource.allCases), "one manager per source")
        self.appState = appState
        self.managers = managers
        self.networkStatus = networkStatus
        for manager in managers.values {
            manager.delegate = self
            manager.parameterSource = self
        }
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    private var source: ListingSource { appState.listingSource }
    /// The builder makes one manager per source (checked in `init`).
    private var manager: any PagedDataManaging { managers[source]! }

    // MARK: - ListingsInteractorInput

    func loadListings() {
        @Traced(.interactor, self, "first page of \(source.label)") var call
        output?.didProvideNetworkType(networkStatus.networkType)
        output?.didChooseSource(source)
        output?.didChooseDistrict(appState.district)
        if manager.loadFirstPage() { output?.didStartLoading(source) }
    }

    func switchSource(to chosen: ListingSource) {
        @Traced(.interactor, self, "\(source.label) → \(chosen.label)") var call
        guard chosen != source else { return }
        // The source left behind sends nothing more: a late reply of its is dropped, never shown.
        manager.cancelAllRequests()
        appState.listingSource = chosen
        listings = []
        output?.didChooseSource(chosen)
        if manager.loadFirstPage() { output?.didStartLoading(chosen) }
    }

    func filterByNextDistrict() {
        appState.district = DistrictFilter.next(after: appState.district)
        @Traced(.interactor, self, "district → \(appState.district ?? "any")") var call
        output?.didChooseDistrict(appState.district)
        if manager.loadFirstPage() { output?.didStartLoading(source) }
    }

    func refresh() {
        @Traced(.interactor, self, "refresh \(source.label)") var call
        if manager.refresh() { output?.didStartLoading(source) }
    }

    func loadNextPage() {
        @Traced(.interactor, self, "next page of \(source.label)") var call
        if manager.loadNextPage() { output?.didStartLoadingMore() }
    }

    /// The network layer's one notification: the output hears the new type, and a failed load is
    /// retried when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        @Traced(.interactor, self, "network type → \(change.new.rawValue)") var call
        output?.didProvideNetworkType(change.new)
        if change.cameBack, manager.state.isFailed { refresh() }
    }

    func selectListing(at index: Int?) {
        @Traced(.interactor, self, "selection → model") var call
        guard let index, listings.indices.contains(index) else { return }
        appState.selectedListingID = listings[index].globalID
    }

    func openListing(at index: Int) {
        @Traced(.interactor, self, "open row \(index)") var call
        guard listings.indices.contains(index) else { return }
        appState.selectedListingID = listings[index].globalID
        output?.didOpenListing(SelectedListingData(listingID: listings[index].globalID))
    }

    // MARK: - Teardown

    /// Stops observing the network type; the builder calls it when the screen goes away (the
    /// landing point cancels the requests).
    func stopObserving() {
        @Traced(.interactor, self, "stop observing") var call
        networkStatus.stopObserving()
    }

    // MARK: - Private

    /// The listings as the presenter needs them, with the row of the shared selection, so a
    /// reload (or another pattern) keeps it; else the first.
    private func data() -> ListingsData {
        ListingsData(
            items: listings.map { ListingsData.Item(name: $0.name, kind: $0.kind, title: $0.title, price: $0.price) },
            isLastPage: manager.isLastPage,
            selectedIndex: listings.firstIndex { $0.globalID == appState.selectedListingID } ?? (listings.isEmpty ? nil : 0))
    }
}

// MARK: - APIManagerParameterSource

extension ListingsInteractor: APIManagerParameterSource {
    /// The district filter, asked for as each request is made (casatwy's param source).
    func parameters(for manager: any DataManaging) -> [String: String] {
        appState.district.map { [ListingParameter.district: $0] } ?? [:]
    }
}

// MARK: - APIManagerDelegate

extension ListingsInteractor: APIManagerDelegate {
    /// The manager's one success callback: every page so far, through the interactor's reformer.
    func managerDidSucceed(_ manager: any DataManaging) {
        @Traced(.interactor, self, "listings through its reformer") var call
        listings = manager.fetchData(with: reformer) ?? []
        output?.didLoadListings(data())
    }

    /// An empty source is a business rule, not a failure: it has no listings.
    func managerDidFail(_ manager: any DataManaging, error: APIError) {
        @Traced(.interactor, self, "failed: \(LoadFailure(error).shortName)") var call
        let failure = LoadFailure(error)
        if failure == .empty {
            listings = []
            output?.didLoadListings(data())
        } else {
            output?.didFailToLoad(message: failure.userMessage)
        }
    }
}

import Model
import Networking

/// Makes the feeds a list screen reads: one per source, every manager on `landingPoint`. The one
/// place a pattern's builder turns the network environment into feeds, so the four patterns read
/// their listings through the same objects.
@MainActor
public enum ListingsFeedFactory {
    /// One feed per `ListingSource`: a team's list manager, or "All" over three more managers.
    public static func makeFeeds(network: NetworkEnvironment, landingPoint: LandingPoint) -> [ListingSource: any ListingsFeed] {
        var feeds: [ListingSource: any ListingsFeed] = [:]
        for source in ListingSource.allCases {
            feeds[source] = source == .all
                ? AllListingsFeed(environment: network, landingPoint: landingPoint)
                : TeamListingsFeed(manager: network.makeListManager(for: source.kinds[0], landingPoint: landingPoint))
        }
        return feeds
    }
}

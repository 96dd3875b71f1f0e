/// Where a cached answer came from: casatwy's order is memory first, then disk, then the network.
package enum CacheTier: String, Sendable, Hashable {
    case memory
    case disk
}

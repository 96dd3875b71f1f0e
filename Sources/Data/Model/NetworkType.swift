/// The kind of network the device is on. casatwy's one legitimate cross-layer event is this
/// changing: the network layer posts it, and every screen may react (a banner, a retry).
package enum NetworkType: String, Sendable, Hashable, CaseIterable {
    case wifi = "Wi-Fi"
    case cellular4G = "4G"
    case cellular3G = "3G"
    case cellular2G = "2G"
    case offline = "offline"

    /// False only offline: every request then fails at once.
    package var isOnline: Bool { self != .offline }
}

/// What `NetworkTypeNotifier` posts: the type before and after.
package struct NetworkTypeChange: Sendable, Hashable {
    package let old: NetworkType
    package let new: NetworkType

    package init(old: NetworkType, new: NetworkType) {
        self.old = old
        self.new = new
    }

    /// True when the network is back after being offline: the moment to retry a failed load.
    package var cameBack: Bool { !old.isOnline && new.isOnline }
}

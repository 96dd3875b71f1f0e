import Foundation
import Testing

/// casatwy's rule, checked on the sources: the only cross-layer broadcast is the network type
/// changing. Everything else travels by call, delegate, closure or return value.
@Suite("Architecture: the network type change is the one notification")
struct OneNotificationTests {
    /// Foundation's broadcast machinery, which nothing in mvx uses (the one notification is typed).
    static let foundationNotifications = ["NotificationCenter", "Notification.Name", "NSNotification", "addObserver(forName"]

    /// The files allowed to name the notifier, and why: it is declared and owned by the network
    /// layer, observed only through the model layer's `NetworkStatus`, and posted only by the fake
    /// device's network switch (a real app's reachability would sit there).
    static let notifierFiles: Set<String> = [
        "Sources/Networking/Reachability/NetworkTypeNotifier.swift",
        "Sources/Model/NetworkType.swift",
        "Sources/Networking/Environment/NetworkEnvironment.swift",
        "Sources/Reformers/Network/NetworkStatus.swift",
        "Sources/FakeServer/Environment/NetworkEnvironment+Fake.swift",
    ]

    @Test("no source uses Foundation's notifications")
    func noFoundationNotifications() {
        for file in ArchitectureTests.sources(under: "Sources") {
            let named = Self.foundationNotifications.filter { SharedLayerUsage.text(of: file.path).contains($0) }
            #expect(named.isEmpty, "\(file.path) names \(named)")
        }
    }

    @Test("the notifier is named only where it is declared, owned, observed and posted")
    func notifierStaysInItsPlaces() {
        let naming = Self.files(naming: "NetworkTypeNotifier") + Self.files(naming: "networkTypeNotifier")
        #expect(Set(naming) == Self.notifierFiles)
    }

    @Test("one place posts the notification, one place observes it")
    func onePosterOneObserver() {
        #expect(Self.files(naming: "networkTypeNotifier.post(") == ["Sources/FakeServer/Environment/NetworkEnvironment+Fake.swift"])
        #expect(Self.files(naming: ".addObserver(") == ["Sources/Reformers/Network/NetworkStatus.swift"])
    }

    @Test("the check sees a second notification", arguments: ["NotificationCenter.default.post(name: x, object: nil)"])
    func catchesFoundation(line: String) {
        #expect(Self.foundationNotifications.contains { line.contains($0) })
    }

    /// The sources under `Sources` whose text contains `name`, sorted.
    static func files(naming name: String) -> [String] {
        ArchitectureTests.sources(under: "Sources").map(\.path)
            .filter { SharedLayerUsage.text(of: $0).contains(name) }.sorted()
    }
}

import Foundation
import Testing

/// casatwy's rule, checked on the sources: the only cross-layer broadcast is the network type
/// changing. Everything else travels by call, delegate, closure or return value.
@Suite("Architecture: the network type change is the one notification")
struct OneNotificationTests {
    /// Foundation's broadcast machinery, which nothing in mvx uses (the one notification is typed).
    static let foundationNotifications = ["NotificationCenter", "Notification.Name", "NSNotification", "addObserver(forName"]

    /// The files allowed to name the notifier, each as target and path within it, and why: it is
    /// declared and owned by the network layer, observed only through the model layer's
    /// `NetworkStatus`, and posted only by the fake device's network switch (a real app's
    /// reachability would sit there).
    static let notifierFiles: Set<String> = [
        "Networking: Reachability/NetworkTypeNotifier.swift",
        "Model: NetworkType.swift",
        "Networking: Environment/NetworkEnvironment.swift",
        "ModelServices: Network/NetworkStatus.swift",
        "FakeServer: Environment/NetworkEnvironment+Fake.swift",
    ]

    /// The Swift files of every target but the tests.
    static func sources() throws -> [SourceFile] {
        let graph = try PackageGraph.load()
        return graph.targets.filter { $0.kind != .test }.flatMap { graph.swiftFiles(of: $0) }
    }

    @Test("no source uses Foundation's notifications")
    func noFoundationNotifications() throws {
        for file in try Self.sources() {
            let named = Self.foundationNotifications.filter { file.text.contains($0) }
            #expect(named.isEmpty, "\(file.label) names \(named)")
        }
    }

    @Test("the notifier is named only where it is declared, owned, observed and posted")
    func notifierStaysInItsPlaces() throws {
        let naming = try Self.files(naming: "NetworkTypeNotifier") + Self.files(naming: "networkTypeNotifier")
        #expect(Set(naming) == Self.notifierFiles)
    }

    @Test("one place posts the notification, one place observes it")
    func onePosterOneObserver() throws {
        #expect(try Self.files(naming: "networkTypeNotifier.post(") == ["FakeServer: Environment/NetworkEnvironment+Fake.swift"])
        #expect(try Self.files(naming: ".addObserver(") == ["ModelServices: Network/NetworkStatus.swift"])
    }

    @Test("the check sees a second notification", arguments: ["NotificationCenter.default.post(name: x, object: nil)"])
    func catchesFoundation(line: String) {
        #expect(Self.foundationNotifications.contains { line.contains($0) })
    }

    /// The sources (tests left out) whose text contains `name`, by label, sorted.
    static func files(naming name: String) throws -> [String] {
        try sources().filter { $0.text.contains(name) }.map(\.label).sorted()
    }
}

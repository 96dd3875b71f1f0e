import Model

/// One API provider (a team's backend) with its own base URL and signing secret, as in
/// casatwy's design where each service has its own rules.
package struct Service: Sendable, Hashable {
    /// The stable name used in API names, cache keys and traces (`rent`, `xinfang`, `esf`, `person`).
    package var id: String
    package var baseURL: String
    /// The shared secret requests are signed with. (A real app would not hard-code it.)
    package var secret: String

    package init(id: String, baseURL: String, secret: String) {
        self.id = id
        self.baseURL = baseURL
        self.secret = secret
    }

    /// The rent team.
    package static let rent = Service(id: "rent", baseURL: "https://rent.api.anjuke-fake.cn/v2", secret: "rent-7f3a9c")
    /// The new-homes team (xinfang).
    package static let newHomes = Service(id: "xinfang", baseURL: "https://xf.api.anjuke-fake.cn/v1", secret: "xf-41d2e8")
    /// The second-hand team (ershoufang, esf).
    package static let secondHand = Service(id: "esf", baseURL: "https://esf.api.anjuke-fake.cn/v3", secret: "esf-b05c11")
    /// The person service.
    package static let person = Service(id: "person", baseURL: "https://people.api.mvx-fake.dev/v1", secret: "person-9e6d27")

    /// The log service the operation log sends its batches to.
    package static let log = Service(id: "log", baseURL: "https://log.api.mvx-fake.dev/v1", secret: "log-3c81f0")

    /// The image service behind the listings' pictures.
    package static let images = Service(id: "images", baseURL: "https://img.anjuke-fake.cn", secret: "img-5a20d4")

    /// Every known service.
    package static let all: [Service] = [.rent, .newHomes, .secondHand, .person, .log, .images]

    /// The service that serves one kind of listing.
    package static func listings(_ kind: ListingKind) -> Service {
        switch kind {
        case .rent: .rent
        case .newHome: .newHomes
        case .secondHand: .secondHand
        }
    }
}

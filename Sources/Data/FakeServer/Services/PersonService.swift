import Networking

/// The person backend: `person.get?id=…` answers the person's object, or `{}` for an unknown id.
struct PersonService: Sendable {
    let people: [String: JSONValue]

    init(items: [JSONValue]) {
        var people: [String: JSONValue] = [:]
        for item in items {
            if let id = item["id"]?.stringValue { people[id] = item }
        }
        self.people = people
    }

    func respond(to parameters: CanonicalParameters) -> [UInt8] {
        guard let id = parameters[PersonAPI.idParameter], let person = people[id] else { return Array("{}".utf8) }
        return person.serialized
    }
}

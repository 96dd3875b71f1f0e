import Networking

/// The four files a fixtures directory holds and the schema of each: every team serves its own
/// keys. The server validates them itself (it does not share the client's reformers), as a real
/// backend owns its data.
package enum FixtureFile: String, Sendable, CaseIterable {
    case rent = "rent.json"
    case newHomes = "xinfang.json"
    case secondHand = "esf.json"
    case people = "people.json"

    /// Keys every item must have, as strings.
    var requiredStrings: [String] {
        switch self {
        case .rent: ["id", "name", "title", "imageUrl"]
        case .newHomes: ["xinfang_id", "xinfang_name", "xinfang_title", "xinfang_imageUrl"]
        case .secondHand: ["esf_id", "esf_name", "esf_title", "esf_imageUrl"]
        case .people: ["id", "first_name", "last_name"]
        }
    }

    /// Keys an item may have, as numbers.
    var optionalNumbers: [String] {
        switch self {
        case .rent: ["price", "area"]
        case .newHomes: ["xinfang_junjia", "xinfang_mianji"]
        case .secondHand: ["esf_total_price", "esf_area"]
        case .people: []
        }
    }

    /// Keys an item may have, as strings.
    var optionalStrings: [String] {
        switch self {
        case .rent: ["district"]
        case .newHomes: ["xinfang_quyu"]
        case .secondHand: ["esf_region"]
        case .people: []
        }
    }

    /// The key that identifies an item (unique within the file).
    var idKey: String { requiredStrings[0] }

    /// The key of the district filter, for listing files.
    var districtKey: String? { optionalStrings.first }

    /// The first problem with `items`, or nil when they follow this file's schema.
    func problem(in document: JSONValue) -> String? {
        guard case .array(let items) = document else { return "expected a JSON array of objects at the top level" }
        guard !items.isEmpty else { return "the array is empty; at least one item is needed" }
        var seen = Set<String>()
        for (offset, item) in items.enumerated() {
            let position = "item \(offset + 1)"
            guard case .object(let fields) = item else { return "\(position): expected an object" }
            for key in requiredStrings {
                guard let value = fields[key] else { return "\(position): missing key \"\(key)\"" }
                guard case .string(let text) = value else { return "\(position): \"\(key)\" must be a string" }
                if key == idKey, text.isEmpty { return "\(position): \"\(key)\" must not be empty" }
            }
            for key in optionalNumbers {
                if let value = fields[key], value != .null, value.numberValue == nil {
                    return "\(position): \"\(key)\" must be a number"
                }
            }
            for key in optionalStrings {
                if let value = fields[key], value != .null, value.stringValue == nil {
                    return "\(position): \"\(key)\" must be a string"
                }
            }
            let id = fields[idKey]?.stringValue ?? ""
            guard seen.insert(id).inserted else { return "\(position): duplicate \"\(idKey)\" \"\(id)\"" }
        }
        return nil
    }
}

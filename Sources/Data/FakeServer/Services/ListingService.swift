import Networking

/// One team's listing backend: filters by district, pages, and answers the page envelope
/// `{"items": […], "page": n, "page_size": s, "total": t}` in the team's own item schema.
struct ListingService: Sendable {
    let file: FixtureFile
    let items: [JSONValue]
    /// Each item's JSON, encoded once at start-up so a page is a concatenation, not a re-encode.
    private let encodedItems: [[UInt8]]

    static let defaultPageSize = 20
    static let maximumPageSize = 50

    init(file: FixtureFile, items: [JSONValue]) {
        self.file = file
        self.items = items
        encodedItems = items.map(\.serialized)
    }

    func respond(to parameters: CanonicalParameters) -> [UInt8] {
        let page = max(1, parameters[ListingParameter.page].flatMap(Int.init) ?? 1)
        let size = min(Self.maximumPageSize, max(1, parameters[ListingParameter.pageSize].flatMap(Int.init) ?? Self.defaultPageSize))
        var indices = Array(items.indices)
        if let district = parameters[ListingParameter.district], let key = file.districtKey {
            indices = indices.filter { items[$0][key]?.stringValue == district }
        }
        let start = min(indices.count, (page - 1) * size)
        let end = min(indices.count, start + size)
        var output = Array("{\"items\":[".utf8)
        for (offset, index) in indices[start..<end].enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: encodedItems[index])
        }
        output.append(contentsOf: "],\"page\":\(page),\"page_size\":\(size),\"total\":\(indices.count)}".utf8)
        return output
    }
}

/// The district filter of the list screens: the districts a user steps through with `d`, in order,
/// `nil` standing for every district. The list APIs filter on the server (an exact match), so a new
/// choice is a new first page — the filter-style request that casatwy's cancel-previous policy is
/// for: a choice made while the last one is still loading replaces it.
package enum DistrictFilter {
    /// Every district, then four that all three teams list.
    package static let choices: [String?] = [nil, "海淀区", "静安区", "浦东新区", "南山区"]

    /// The choice after `district` (after the last, every district again).
    package static func next(after district: String?) -> String? {
        let index = choices.firstIndex(of: district) ?? 0
        return choices[(index + 1) % choices.count]
    }

    /// The line every pattern's list shows: `District: any · d: next`.
    package static func label(for district: String?) -> String {
        "District: \(district ?? "any") · d: next"
    }
}

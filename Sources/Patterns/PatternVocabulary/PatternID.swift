// PatternVocabulary holds the names every layer shares: which pattern, which screen, which role.
// It depends on nothing, so the tracer, the module registry and the metrics use these very types
// rather than copies of them converted by raw value.

/// The four patterns mvx shows.
package enum PatternID: String, CaseIterable, Sendable, Hashable, Codable {
    case mvc = "MVC"
    case mvp = "MVP"
    case mvvm = "MVVM"
    case viper = "VIPER"

    /// The display name, as the header tabs show it.
    package var name: String { rawValue }

    /// The name as typed on the command line: `mvc`, `mvp`, `mvvm`, `viper`.
    package var argument: String { rawValue.lowercased() }

    /// The pattern `offset` tabs away, wrapping round.
    package func cycled(by offset: Int) -> PatternID {
        let all = Self.allCases
        let index = all.firstIndex(of: self)!
        return all[((index + offset) % all.count + all.count) % all.count]
    }
}

/// The screens every pattern implements.
package enum ScreenID: String, CaseIterable, Sendable, Hashable, Codable {
    case greeting
    case listings

    /// The display name, as the header shows it.
    package var title: String {
        switch self {
        case .greeting: "Greeting"
        case .listings: "Listings"
        }
    }
}

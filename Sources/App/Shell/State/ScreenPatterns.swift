import Mediator
import PatternVocabulary

/// Which pattern each screen is built in. Usually one pattern for the whole app; in a mixed app
/// (Orlov's conclusion: real apps mix) each screen has its own, e.g. the greeting in MVC and the
/// listings in VIPER. Only the screen on show has a module; the others are built in their pattern
/// when the user goes to them.
package struct ScreenPatterns: Equatable, Sendable {
    private var byScreen: [ScreenID: PatternID]

    /// Every screen in `pattern`, except those `overrides` names.
    package init(_ pattern: PatternID, overrides: [ScreenID: PatternID] = [:]) {
        byScreen = Dictionary(uniqueKeysWithValues: ScreenID.allCases.map { ($0, overrides[$0] ?? pattern) })
    }

    /// The pattern `screen` is built in.
    package subscript(screen: ScreenID) -> PatternID {
        get { byScreen[screen]! }  // the initialiser gives every screen a pattern
        set { byScreen[screen] = newValue }
    }

    /// Puts every screen in `pattern`.
    package mutating func setAll(_ pattern: PatternID) {
        for screen in ScreenID.allCases { byScreen[screen] = pattern }
    }

    /// Whether the screens are in different patterns.
    package var isMixed: Bool {
        Set(byScreen.values).count > 1
    }

    /// The combination in screen order, e.g. `Greeting MVC · Listings VIPER`.
    package var summary: String {
        ScreenID.allCases.map { "\($0.title) \(self[$0].name)" }.joined(separator: " · ")
    }
}

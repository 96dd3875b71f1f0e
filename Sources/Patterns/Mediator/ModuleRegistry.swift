import PatternVocabulary
import Tracing

/// casatwy's Mediator: the shell asks for "pattern × screen" by name and gets a built module;
/// pattern targets never import each other and the shell imports none of them.
@MainActor
package final class ModuleRegistry {
    private var builders: [Key: ModuleBuilder] = [:]
    /// Each pattern's roles are read from it when the help first asks (a start never does).
    private var patterns: [PatternID: any PatternModules.Type] = [:]

    private struct Key: Hashable {
        var pattern: PatternID
        var screen: ScreenID
    }

    package init() {}

    /// Registers every screen a pattern offers.
    package func register(_ modules: any PatternModules.Type) {
        patterns[modules.pattern] = modules
        for (screen, builder) in modules.builders {
            builders[Key(pattern: modules.pattern, screen: screen)] = builder
        }
    }

    /// Whether `pattern` has a module for `screen`; the header dims the tabs that have none.
    package func isAvailable(_ pattern: PatternID, _ screen: ScreenID) -> Bool {
        builders[Key(pattern: pattern, screen: screen)] != nil
    }

    /// The patterns that have `screen`, in tab order.
    package func patterns(offering screen: ScreenID) -> [PatternID] {
        PatternID.allCases.filter { isAvailable($0, screen) }
    }

    /// The roles of a pattern, for the help overlay (empty when it is not registered).
    package func roles(of pattern: PatternID) -> [RoleDuty] {
        patterns[pattern]?.roles ?? []
    }

    /// Builds the module, or nil when that pattern has no such screen.
    package func makeModule(_ pattern: PatternID, _ screen: ScreenID, context: ModuleContext) -> (any ScreenModule)? {
        guard let builder = builders[Key(pattern: pattern, screen: screen)] else { return nil }
        @Traced(.builder, self, "\(pattern.name) × \(screen.title)") var call
        return builder(context)
    }
}

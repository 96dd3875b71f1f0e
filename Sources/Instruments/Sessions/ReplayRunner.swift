import Mediator
import PatternVocabulary
import Shell
import Terminal
import Tracing

/// Why a replay could not run.
package enum ReplayError: Error, Equatable, CustomStringConvertible {
    /// The registry has no module for this pattern × screen.
    case unavailable(PatternID, ScreenID)

    package var description: String {
        switch self {
        case .unavailable(let pattern, let screen): "\(pattern.name) has no \(screen.rawValue) screen"
        }
    }
}

/// Replays a key script on a fresh headless shell and returns what the trace recorded: the
/// engine behind `mvx trace`, compare and the generated diagrams. Deterministic when the context
/// factory gives a zero-latency network on a test clock, as the composition root's does: every
/// key is followed by `settle()`, which waits for events, never for time.
///
/// The shell imports no pattern module; the composition root hands in the registry it filled and
/// a factory of fresh contexts (new shared state, new network), so no replay sees another's state.
@MainActor
package struct ReplayRunner {
    /// The screen a replay draws on when the caller does not say (the golden outputs use it).
    package static let defaultSize = Size(width: 100, height: 30)

    package let registry: ModuleRegistry
    let makeContext: @MainActor () -> ModuleContext

    package init(registry: ModuleRegistry, makeContext: @escaping @MainActor () -> ModuleContext) {
        self.registry = registry
        self.makeContext = makeContext
    }

    /// Builds `pattern`'s `screen` on a fresh context, presses `keys` one by one (settling after
    /// each; a key that quits ends the script) and returns every action with its events, the
    /// screen's construction first. `screenPatterns` puts single screens in another pattern (a
    /// mixed app, in mix mode), as the command line's `--greeting-pattern` and `--listings-pattern` do.
    /// `model`, when given, is the shared model the screen is built on (compare's replays start
    /// from the one the live module found), instead of a fresh one.
    package func run(
        _ pattern: PatternID, _ screen: ScreenID, keys: [Key], size: Size = ReplayRunner.defaultSize,
        screenPatterns: [ScreenID: PatternID] = [:], model: AppStateValues? = nil
    ) async throws(ReplayError) -> [TraceBuffer.Entry] {
        let first = ScreenPatterns(pattern, overrides: screenPatterns)[screen]
        guard registry.isAvailable(first, screen) else { throw .unavailable(first, screen) }
        let session = await session(pattern, screen, keys: keys, size: size, screenPatterns: screenPatterns, model: model)
        session.shell.stop()
        return session.traceBuffer.entries
    }

    /// A fresh headless shell on `screen` after `keys`, settled after each: the replay itself,
    /// left running for the caller to read (and stop).
    func session(
        _ pattern: PatternID, _ screen: ScreenID, keys: [Key], size: Size, screenPatterns: [ScreenID: PatternID] = [:],
        model: AppStateValues? = nil
    ) async -> HeadlessSession {
        let context = makeContext()
        model?.restore(into: context)
        let session = HeadlessSession(registry: registry, context: context, size: size, pattern: pattern,
                                      screen: screen, screenPatterns: screenPatterns)
        await session.settle()
        var index = keys.startIndex
        while index < keys.endIndex, !session.shell.state.shouldQuit {
            // Text typed into a field arrives as one burst, as a paste does: its characters cannot
            // be commands there, and settling after each would make a long text cost its square.
            var end = index + 1
            if session.shell.environment.moduleHasTextFocus {
                while end < keys.endIndex, case .character = keys[end], case .character = keys[index] { end += 1 }
            }
            session.pressBurst(Array(keys[index..<end]))
            await session.settle()
            index = end
        }
        return session
    }
}

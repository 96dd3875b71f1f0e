import ArgumentParser
import PatternVocabulary
import Terminal

/// `mvx run`'s options, declared once: `RunCommand` and its option groups take their names from
/// here, and `QuickStart` reads the usual command lines with the same cases. `QuickStartTests`
/// walks every case through both parsers and checks that the parser knows no option this lacks.
enum RunOption: String, CaseIterable, Sendable {
    case pattern
    case greetingPattern = "greeting-pattern"
    case listingsPattern = "listings-pattern"
    case screen
    case cacheDir = "cache-dir"
    case noDiskCache = "no-disk-cache"
    case noMouse = "no-mouse"
    case theme
    case replay
    case sessionDir = "session-dir"
    case fixtures
    case seed
    case latency
    case failRate = "fail-rate"
    case offline

    /// The name swift-argument-parser knows it by: `--` and the raw value.
    var name: NameSpecification { .customLong(rawValue) }

    /// Whether it takes a value (`--pattern mvp`, `--latency=0`) or is a flag (`--offline`).
    var takesValue: Bool {
        switch self {
        case .noDiskCache, .noMouse, .offline: false
        default: true
        }
    }

    /// Puts `value` (nil for a flag) where `RunCommand` keeps this option. False when it is not a
    /// value the option takes: swift-argument-parser then reads the line and says why.
    func store(_ value: String?, in settings: inout RunSettings) -> Bool {
        switch self {
        case .pattern: return Self.convert(value, PatternID.init(argument:)) { settings.patterns.patternOption = $0 }
        case .greetingPattern: return Self.convert(value, PatternID.init(argument:)) { settings.patterns.greetingPattern = $0 }
        case .listingsPattern: return Self.convert(value, PatternID.init(argument:)) { settings.patterns.listingsPattern = $0 }
        case .screen: return Self.convert(value, ScreenID.init(argument:)) { settings.patterns.screenOption = $0 }
        case .theme: return Self.convert(value, ThemeChoice.init(argument:)) { settings.theme = $0 }
        case .cacheDir: settings.cacheDir = value
        case .replay: settings.replay = value
        case .sessionDir: settings.sessionDir = value
        case .fixtures: settings.network.fixtures = value
        // The network's texts are checked later, by the scenario, whichever parser read them.
        case .seed: settings.network.seedOption = value
        case .latency: settings.network.latencyOption = value
        case .failRate: settings.network.failRateOption = value
        case .noDiskCache: settings.noDiskCache = true
        case .noMouse: settings.noMouse = true
        case .offline: settings.network.offline = true
        }
        return true
    }

    private static func convert<T>(_ text: String?, _ make: (String) -> T?, into store: (T) -> Void) -> Bool {
        guard let text, let value = make(text) else { return false }
        store(value)
        return true
    }
}

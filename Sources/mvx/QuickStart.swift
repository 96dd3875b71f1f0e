import ArgumentParser
import PatternVocabulary
import Terminal

/// The command lines mvx is started with most — none, or only `mvx run`'s own options (`--pattern
/// mvp`, `--latency=0 --no-mouse`…) — read into the same `RunSettings` a parsed `RunCommand` gives,
/// without swift-argument-parser. Its parse finds a command's options by reflection, and every cast
/// it makes to a protocol scans the binary's thousands of conformance records: about 2 ms, an eighth
/// of the time to the first frame; and even a `RunCommand` built by hand made its options' property
/// wrappers, 0.1 ms more. Anything this reader is not sure of (another subcommand, `--help`, a bad
/// or repeated value, a value that looks like a flag) returns nil, and swift-argument-parser parses
/// the line as always, with its own messages. `QuickStartTests` holds both to the same settings for
/// every line this accepts.
enum QuickStart {
    /// Whether `name` is one of `mvx run`'s options that take a value (by long name). A switch,
    /// not a `Set`: building a set's storage at launch looked protocol conformances up too.
    static func isOption(_ name: String) -> Bool {
        switch name {
        case "pattern", "greeting-pattern", "listings-pattern", "screen", "cache-dir", "replay", "session-dir",
             "fixtures", "seed", "latency", "fail-rate", "theme": true
        default: false
        }
    }

    /// Whether `name` is one of `mvx run`'s flags (by long name).
    static func isFlag(_ name: String) -> Bool {
        switch name {
        case "no-disk-cache", "no-mouse", "offline": true
        default: false
        }
    }

    /// The settings for `arguments` (without the program's name), or nil for swift-argument-parser.
    static func runSettings(_ arguments: some Sequence<String>) -> RunSettings? {
        var arguments = Array(arguments)[...]
        if arguments.first == "run" { arguments.removeFirst() }
        var values: [String: String] = [:]
        var flags: [String] = []
        while let argument = arguments.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if isFlag(name) {
                guard value == nil, !flags.contains(name) else { return nil }
                flags.append(name)
                continue
            }
            guard isOption(name), values[name] == nil else { return nil }
            if value == nil { value = arguments.popFirst() }
            // Empty values and values that start like an option are left to the parser's rules.
            guard let value, let first = value.first, first != "-" else { return nil }
            values[name] = value
        }
        return settings(values: values, flags: flags)
    }

    private static func settings(values: [String: String], flags: [String]) -> RunSettings? {
        var patterns = ScreenPatternChoice()
        guard let pattern = parse(values["pattern"], as: PatternID.self),
              let greetingPattern = parse(values["greeting-pattern"], as: PatternID.self),
              let listingsPattern = parse(values["listings-pattern"], as: PatternID.self),
              let screen = parse(values["screen"], as: ScreenID.self),
              let theme = parse(values["theme"], as: ThemeChoice.self)
        else { return nil }
        patterns.patternOption = pattern
        patterns.greetingPattern = greetingPattern
        patterns.listingsPattern = listingsPattern
        patterns.screenOption = screen

        var network = NetworkChoice()
        network.fixtures = values["fixtures"]
        network.seedOption = values["seed"]
        network.latencyOption = values["latency"]
        network.failRateOption = values["fail-rate"]
        network.offline = flags.contains("offline")

        return RunSettings(
            patterns: patterns, cacheDir: values["cache-dir"], noDiskCache: flags.contains("no-disk-cache"),
            noMouse: flags.contains("no-mouse"), replay: values["replay"], sessionDir: values["session-dir"], network: network,
            theme: theme ?? .auto)
    }

    /// `.some(nil)` when absent, nil when present but not a value of `T` (the parser then says so).
    private static func parse<T: ExpressibleByArgument>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        guard let value = T(argument: text) else { return nil }
        return .some(value)
    }
}

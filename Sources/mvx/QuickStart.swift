import ArgumentParser
import PatternVocabulary

/// The command lines mvx is started with most — none, or only `mvx run`'s own options (`--pattern
/// mvp`, `--latency=0 --no-mouse`…) — read into the same `RunCommand` swift-argument-parser would
/// make, without it. Its parse finds a command's options by reflection, and every cast it makes
/// to a protocol scans the binary's thousands of conformance records: about 2 ms, an eighth of the
/// time to the first frame. Anything this reader is not sure of (another subcommand, `--help`, a
/// bad or repeated value, a value that looks like a flag) returns nil, and swift-argument-parser
/// parses the line as always, with its own messages. `QuickStartTests` holds both to the same
/// `RunCommand` for every line this accepts.
enum QuickStart {
    /// Whether `name` is one of `mvx run`'s options that take a value (by long name). A switch,
    /// not a `Set`: building a set's storage at launch looked protocol conformances up too.
    static func isOption(_ name: String) -> Bool {
        switch name {
        case "pattern", "greeting-pattern", "listings-pattern", "screen", "cache-dir", "replay", "session-dir",
             "fixtures", "seed", "latency", "fail-rate": true
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

    /// The command for `arguments` (without the program's name), or nil for swift-argument-parser.
    static func runCommand(_ arguments: some Sequence<String>) -> RunCommand? {
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
        return command(values: values, flags: flags)
    }

    private static func command(values: [String: String], flags: [String]) -> RunCommand? {
        var patterns = ScreenPatternOptions()
        guard let pattern = parse(values["pattern"], as: PatternID.self),
              let greetingPattern = parse(values["greeting-pattern"], as: PatternID.self),
              let listingsPattern = parse(values["listings-pattern"], as: PatternID.self),
              let screen = parse(values["screen"], as: ScreenID.self)
        else { return nil }
        patterns.patternOption = pattern
        patterns.greetingPattern = greetingPattern
        patterns.listingsPattern = listingsPattern
        patterns.screenOption = screen

        var network = NetworkOptions()
        network.fixtures = values["fixtures"]
        network.seedOption = values["seed"]
        network.latencyOption = values["latency"]
        network.failRateOption = values["fail-rate"]
        network.offline = flags.contains("offline")

        var command = RunCommand()
        command.patterns = patterns
        command.cacheDir = values["cache-dir"]
        command.noDiskCache = flags.contains("no-disk-cache")
        command.noMouse = flags.contains("no-mouse")
        command.replay = values["replay"]
        command.sessionDir = values["session-dir"]
        command.network = network
        return command
    }

    /// `.some(nil)` when absent, nil when present but not a value of `T` (the parser then says so).
    private static func parse<T: ExpressibleByArgument>(_ text: String?, as type: T.Type) -> T?? {
        guard let text else { return .some(nil) }
        guard let value = T(argument: text) else { return nil }
        return .some(value)
    }
}

/// The command lines mvx is started with most — none, or only `mvx run`'s own options (`--pattern
/// mvp`, `--latency=0 --no-mouse`…) — read into the same `RunSettings` a parsed `RunCommand` gives,
/// without swift-argument-parser, whose parse finds a command's options by reflection and casts to
/// protocols that scan the binary's conformance records. Both read the one table, `RunOption`.
/// Anything this reader is not sure of (another subcommand, `--help`, a bad or repeated value, a
/// value that looks like a flag) returns nil, and swift-argument-parser parses the line as always,
/// with its own messages. `QuickStartTests` holds both to the same settings.
enum QuickStart {
    /// The settings for `arguments` (without the program's name), or nil for swift-argument-parser.
    static func runSettings(_ arguments: some Sequence<String>) -> RunSettings? {
        var arguments = Array(arguments)[...]
        if arguments.first == "run" { arguments.removeFirst() }
        var settings = RunSettings()
        var seen: [RunOption] = []
        while let argument = arguments.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            var name = argument.dropFirst(2)
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            guard let option = RunOption(rawValue: String(name)), !seen.contains(option) else { return nil }
            seen.append(option)
            guard option.takesValue else {
                guard value == nil else { return nil }
                _ = option.store(nil, in: &settings)
                continue
            }
            if value == nil { value = arguments.popFirst() }
            // Empty values and values that start like an option are left to the parser's rules.
            guard let value, let first = value.first, first != "-", option.store(value, in: &settings) else { return nil }
        }
        return settings
    }
}

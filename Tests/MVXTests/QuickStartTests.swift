import ArgumentParser
import Testing
@testable import mvx

/// `QuickStart` reads the usual command lines without swift-argument-parser: for every line it
/// accepts, the settings must be those of the `RunCommand` the parser makes, down to every option and flag.
/// Both read `RunOption`, the one table of `mvx run`'s options.
@Suite struct QuickStartTests {
    /// A value each option takes, unlike its default.
    static func sample(_ option: RunOption) -> String? {
        switch option {
        case .pattern, .listingsPattern: "viper"
        case .greetingPattern: "mvp"
        case .screen: "listings"
        case .theme: "light"
        case .cacheDir, .replay, .sessionDir, .fixtures: "/tmp/\(option.rawValue)"
        case .seed: "7"
        case .latency: "0"
        case .failRate: "0.5"
        case .noDiskCache, .noMouse, .offline: nil
        }
    }

    /// Every option of the table, alone, in both spellings: both parsers store it in the same place,
    /// and it changes the settings (a case that stored nothing would pass the equality alone).
    @Test(arguments: RunOption.allCases)
    func everyOptionReachesTheSamePlaceInBothParsers(_ option: RunOption) throws {
        let lines = Self.sample(option).map { [["--\(option.rawValue)", $0], ["--\(option.rawValue)=\($0)"]] } ?? [["--\(option.rawValue)"]]
        for arguments in lines {
            let quick = try #require(QuickStart.runSettings(arguments), "\(arguments)")
            let parsed = try #require(try MVXCommand.parseAsRoot(arguments) as? RunCommand)
            #expect(quick == parsed.settings, "\(arguments)")
            #expect(quick != RunSettings(), "\(arguments) changed nothing")
        }
    }

    /// The parser knows no `mvx run` option the table lacks, and the table none the parser lacks.
    @Test func theTableIsEveryOptionOfRun() {
        // An option's line in the help starts with its name (`-h, --help` with its short one first).
        let help = RunCommand.helpMessage(columns: 400).split(separator: "\n")
        let named = Set(help.compactMap { line -> String? in
            let words = line.split(whereSeparator: { !($0.isLetter || $0 == "-") })
            guard let first = words.first, first.hasPrefix("-") else { return nil }
            return words.first { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        })
        #expect(named.subtracting(["help", "version"]) == Set(RunOption.allCases.map(\.rawValue)))
    }

    @Test(arguments: [
        [],
        ["run"],
        ["--latency", "1s"],
        ["--latency=0"],
        ["--pattern", "viper"],
        ["--pattern", "MVP", "--screen", "listings"],
        ["--greeting-pattern", "mvc", "--listings-pattern=viper"],
        ["run", "--pattern", "mvvm", "--no-mouse", "--no-disk-cache", "--offline"],
        ["--seed", "42", "--fail-rate", "timeout=0.1,no-network=0.05", "--latency", "50..400ms"],
        ["--cache-dir", "/tmp/c", "--session-dir", "/tmp/s", "--replay", "a session.jsonl", "--fixtures", "dir"],
        ["--theme", "light"],
        ["--theme=dark", "--pattern", "mvp"],
        ["run", "--theme", "AUTO", "--no-mouse"],
        ["--latency", "nonsense"],  // a bad range is the scenario's to refuse, after the parse, in both
    ])
    func acceptedLinesMakeTheParsersCommand(_ arguments: [String]) throws {
        let quick = try #require(QuickStart.runSettings(arguments), "\(arguments) is one of the usual lines")
        let parsed = try #require(try MVXCommand.parseAsRoot(arguments) as? RunCommand)
        #expect(quick == parsed.settings)
    }

    /// Left to the parser: its help, its errors and every other subcommand.
    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["help"], ["trace"], ["metrics"], ["conform", "x"], ["run", "run"],
        ["--pattern"], ["--pattern", "smalltalk"], ["--screen", "home"], ["--pattern", "mvc", "--pattern", "mvp"],
        ["--no-mouse", "--no-mouse"], ["--no-mouse=yes"], ["--latency", "-1"], ["--latency="], ["--bogus"],
        ["--latency", "0", "extra"], ["-p", "mvc"], ["--"],
        ["--theme", "purple"], ["--theme"], ["--theme", "dark", "--theme", "light"], ["--theme="],
    ])
    func otherLinesGoToTheParser(_ arguments: [String]) {
        #expect(QuickStart.runSettings(arguments) == nil)
    }
}

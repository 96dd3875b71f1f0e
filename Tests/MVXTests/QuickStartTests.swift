import ArgumentParser
import Testing
@testable import mvx

/// `QuickStart` reads the usual command lines without swift-argument-parser: for every line it
/// accepts, the settings must be those of the `RunCommand` the parser makes, down to every option and flag.
@Suite struct QuickStartTests {
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

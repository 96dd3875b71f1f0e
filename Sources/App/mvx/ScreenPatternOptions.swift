import ArgumentParser
import PatternVocabulary
import Sessions

/// Which pattern each screen starts in, and which screen shows first: the options `mvx run` and
/// `mvx trace` share, so both list the same values in `--help` and refuse a bad one alike.
struct ScreenPatternOptions: ParsableArguments {
    // Optional underneath, so a session's own start options give way only to what was typed.
    @Option(name: RunOption.pattern.name,
            help: ArgumentHelp("The pattern, for every screen but those given their own below (default: mvc).", valueName: "pattern"))
    var patternOption: PatternID?

    @Option(name: RunOption.greetingPattern.name, help: ArgumentHelp("The greeting screen's pattern, for a mixed app (default: --pattern).", valueName: "pattern"))
    var greetingPattern: PatternID?

    @Option(name: RunOption.listingsPattern.name, help: ArgumentHelp("The listings screen's pattern, for a mixed app (default: --pattern).", valueName: "pattern"))
    var listingsPattern: PatternID?

    @Option(name: RunOption.screen.name, help: ArgumentHelp("The screen to start with (default: greeting).", valueName: "screen"))
    var screenOption: ScreenID?

    /// The values typed, without the parser's property wrappers.
    var choice: ScreenPatternChoice {
        ScreenPatternChoice(patternOption: patternOption, greetingPattern: greetingPattern,
                            listingsPattern: listingsPattern, screenOption: screenOption)
    }
}

/// What the pattern options say, as plain values: what `mvx run` starts from however its command
/// line was read (by swift-argument-parser, or by `QuickStart` without building its options).
struct ScreenPatternChoice: Equatable, Sendable {
    var patternOption: PatternID?
    var greetingPattern: PatternID?
    var listingsPattern: PatternID?
    var screenOption: ScreenID?

    var pattern: PatternID { patternOption ?? .mvc }
    var screen: ScreenID { screenOption ?? .greeting }

    /// The screens whose pattern differs from `--pattern`: started so, mvx is in mix mode.
    var screenPatterns: [ScreenID: PatternID] {
        [.greeting: greetingPattern, .listings: listingsPattern].compactMapValues { $0 }
    }

    /// A session's start with what was typed on the command line put over it: any pattern option
    /// replaces the file's patterns as a whole (`--pattern viper` alone means every screen in VIPER).
    func applied(to start: SessionStart) -> SessionStart {
        var start = start
        if patternOption != nil || greetingPattern != nil || listingsPattern != nil {
            start.pattern = pattern
            start.screenPatterns = screenPatterns.filter { $0.value != pattern }
        }
        if let screenOption { start.screen = screenOption }
        return start
    }
}

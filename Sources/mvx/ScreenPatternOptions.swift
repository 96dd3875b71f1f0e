import ArgumentParser
import PatternVocabulary

/// Which pattern each screen starts in, and which screen shows first: the options `mvx run` and
/// `mvx trace` share, so both list the same values in `--help` and refuse a bad one alike.
struct ScreenPatternOptions: ParsableArguments {
    @Option(help: "The pattern, for every screen but those given their own below.")
    var pattern: PatternID = .mvc

    @Option(help: ArgumentHelp("The greeting screen's pattern, for a mixed app (default: --pattern).", valueName: "pattern"))
    var greetingPattern: PatternID?

    @Option(help: ArgumentHelp("The listings screen's pattern, for a mixed app (default: --pattern).", valueName: "pattern"))
    var listingsPattern: PatternID?

    @Option(help: "The screen to start with.")
    var screen: ScreenID = .greeting

    /// The screens whose pattern differs from `--pattern`: started so, mvx is in mix mode.
    var screenPatterns: [ScreenID: PatternID] {
        [.greeting: greetingPattern, .listings: listingsPattern].compactMapValues { $0 }
    }
}

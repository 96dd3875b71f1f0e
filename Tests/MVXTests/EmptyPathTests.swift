import ArgumentParser
import Testing
@testable import mvx

/// Issue 24: an empty folder is a bad value like any other (exit 2, the flag named), not the root
/// (`--cache-dir ''` wrote `/responses`) or the current folder (`--session-dir ''`).
@Suite struct EmptyPathTests {
    @Test(arguments: [
        ["--cache-dir", ""], ["--cache-dir="], ["--session-dir", ""], ["run", "--session-dir="],
        ["--fixtures", ""], ["--replay", ""],
    ])
    func anEmptyPathIsRefused(_ arguments: [String]) {
        #expect(QuickStart.runSettings(arguments) == nil, "left to the parser, which refuses it")
        do {
            _ = try MVXCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(MVXCommand.exitCode(for: error) == .validationFailure, "exit 2")
            let flag = arguments.last { $0.hasPrefix("--") }!.split(separator: "=").first!
            #expect(MVXCommand.message(for: error).contains(flag), "\(MVXCommand.message(for: error))")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Terminal

/// Opening refuses anything but a terminal before touching it. Only runs when the test output is
/// not a TTY (as under `swift test` in CI): on a real terminal the check would pass and open it.
@Suite("Opening the terminal", .enabled(if: isatty(1) == 0, "stdout is a terminal here"))
@MainActor
struct TerminalSessionTests {
    @Test func refusesWhenStdoutIsNotATerminal() {
        #expect(throws: TerminalError(
            "mvx: not a terminal (stdout is not a TTY); run it in a terminal, or use 'mvx trace' for headless output"
        )) {
            _ = try TerminalSession.open(environment: ["TERM": "xterm-256color"])
        }
    }

    @Test func errorMessagesAreOneLine() {
        do {
            _ = try TerminalSession.open(environment: [:])
            Issue.record("open succeeded without a terminal")
        } catch {
            #expect(error.message.hasPrefix("mvx: "))
            #expect(!error.message.contains("\n"))
        }
    }
}

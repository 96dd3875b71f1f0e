#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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

/// After a stack overflow a crash handler can only run on an alternate signal stack, and main-actor
/// code moves between libdispatch's threads: each thread the terminal's code runs on gets one.
@Suite("Crash stacks")
struct CrashStackTests {
    /// The calling thread's alternate signal stack, nil when it has none.
    private static func alternateStack() -> (base: UnsafeMutableRawPointer?, size: Int)? {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0 else { return nil }
        return (current.ss_sp, current.ss_size)
    }

    @Test func eachThreadGetsAStackOfItsOwnOnce() throws {
        TerminalSession.prepareCrashStack()
        let here = try #require(Self.alternateStack(), "no alternate signal stack after prepareCrashStack")
        #expect(here.size >= 64 * 1024, "\(here.size) bytes: too small for the restore and Swift's reporter")
        TerminalSession.prepareCrashStack()
        #expect(Self.alternateStack()?.base == here.base, "a second call replaced the stack")

        // Another thread, while this one waits: a stack of its own.
        final class Found: @unchecked Sendable { var stack: (base: UnsafeMutableRawPointer?, size: Int)? }
        let found = Found()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            TerminalSession.prepareCrashStack()
            found.stack = Self.alternateStack()
            done.signal()
        }
        try #require(done.wait(timeout: .now() + 10) == .success, "the other thread did not answer within 10 s")
        let there = try #require(found.stack, "no alternate signal stack on the other thread")
        #expect(there.base != here.base && there.size >= 64 * 1024)
    }
}

import AppComposition
import Foundation
import Mediator
import PatternVocabulary
import Shell
import Terminal

/// One interactive run: take the terminal, run the shell until the user quits or a signal asks to
/// leave, and give the terminal back exactly as it was.
@MainActor
struct InteractiveSession {
    let assembly: AppAssembly
    let pattern: PatternID
    let screen: ScreenID
    /// Screens started in another pattern than `pattern` (`--greeting-pattern`, `--listings-pattern`).
    var screenPatterns: [ScreenID: PatternID] = [:]

    /// Returns the exit status: 0 after `q` or Ctrl-C, 2 when there is no usable terminal,
    /// 128 + the signal number after SIGTERM, SIGHUP or SIGINT.
    func run() async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let session: TerminalSession
        do {
            session = try TerminalSession.open(environment: environment)
        } catch {
            StandardError.write(error.message)
            return 2
        }
        let shell = assembly.makeShell(on: session.screen, pattern: pattern, screen: screen, screenPatterns: screenPatterns)
        shell.start()
        var status: Int32 = 0
        for await event in session.events {
            if case .key(let key) = event, TerminalSession.isCrashKey(key, environment: environment) {
                fatalError("crash key pressed (MVX_TEST_CRASH_KEY is set): proving the terminal is restored")
            }
            if case .terminate(let signal) = event { status = 128 + signal }
            shell.handle(event)
            if shell.state.shouldQuit { break }
        }
        shell.stop()
        session.close()
        // Said once, on the restored terminal, rather than lost in the capture while curses ran.
        if let failure = assembly.traceFile?.failure { StandardError.write("MVX_TRACE_FILE: \(failure)") }
        return status
    }
}

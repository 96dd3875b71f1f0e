import Foundation

/// The real binary on a pseudo-terminal at 80×24: spawn → first frame (median of 20), bytes of
/// the first frame, and bytes for one greeting button press afterwards (curses sends only the
/// cells that changed).
func runTerminalBenchmarks() async {
    Report.section("Terminal (the release binary on a pty, 80×24)")
    let binary = FileManager.default.currentDirectoryPath + "/.build/release/mvx"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        print("  skipped: \(binary) is missing (make bench builds it)")
        return
    }
    var startups: [Double] = []
    var firstFrameBytes = 0
    var pressBytes = 0
    var settleBytes = 0
    for run in 0..<20 {
        do {
            let terminal = try PseudoTerminal(width: 80, height: 24)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--latency", "0"]
            process.environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": NSHomeDirectory()]
            process.standardInput = terminal.slave
            process.standardOutput = terminal.slave
            process.standardError = terminal.slave
            let start = ContinuousClock.now
            try process.run()
            // The key bar is the last row curses sends, so seeing it means the first frame is out.
            let first = terminal.read(timeout: .seconds(5)) { $0.contains(text: "quit") }
            let elapsed = ContinuousClock.now - start
            startups.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            if run == 0 {
                firstFrameBytes = first.count
                settleBytes = terminal.readUntilQuiet(.milliseconds(200)).count  // the person load's frame
                terminal.write("\r")
                let press = terminal.read(timeout: .seconds(2)) { $0.contains(text: "Hello") }
                pressBytes = press.count + terminal.readUntilQuiet(.milliseconds(150)).count
            }
            terminal.write("q")
            process.waitUntilExit()
        } catch {
            print("  failed to start mvx on a pty: \(error)")
            return
        }
    }
    startups.sort()
    Report.figure("spawn → first frame, median of 20", startups[startups.count / 2], unit: "ms", aim: "≤ 10 ms")
    Report.figure("spawn → first frame, fastest", startups[0], unit: "ms")
    Report.figure("bytes written for the first frame", Double(firstFrameBytes), unit: "B")
    Report.figure("bytes for the frame after the person loaded", Double(settleBytes), unit: "B")
    Report.figure("bytes for one greeting button press", Double(pressBytes), unit: "B", aim: "≤ 400 B")
}

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
    // Started as a program read from disk is, not as the file the linker has just written (see `readAsFromDisk`).
    PseudoTerminal.readAsFromDisk(binary)
    var startups: [Double] = []
    var firstFrameBytes = 0
    var pressBytes = 0
    var settleBytes = 0
    for run in 0..<20 {
        do {
            let terminal = try PseudoTerminal(width: 80, height: 24)
            let start = ContinuousClock.now
            let process = try terminal.spawn(binary, ["--latency", "0"])
            // The key bar is the last row curses sends, so seeing it means the first frame is out.
            let first = terminal.read(timeout: .seconds(5)) { $0.contains(text: "quit") }
            let elapsed = ContinuousClock.now - start
            startups.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            if run == 0 {
                firstFrameBytes = first.count
                settleBytes = terminal.readUntilQuiet(.milliseconds(200)).count  // anything drawn after the first frame
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
    Report.figure("bytes after the first frame, before any key", Double(settleBytes), unit: "B", aim: "0 B: the greeting loads nothing")
    Report.figure("bytes for one greeting button press", Double(pressBytes), unit: "B", aim: "≤ 400 B")
    pressBytesPerPattern(binary: binary)
    compareWithDialog(binary: binary)
    PseudoTerminal.removeCacheHome()
}

/// mvx's start beside `dialog --msgbox` (C, ncurses) on the same harness, in the same run,
/// alternating, so both see the same machine: spawn → the first frame (the last of it on the wire:
/// mvx's key bar, dialog's message, written after its box) and spawn → settled (the last byte
/// before 150 ms of quiet: what a user sees as "drawn"). `make bench` installs dialog when missing.
private func compareWithDialog(binary: String) {
    let places = ["/usr/bin/dialog", "/usr/local/bin/dialog", "/opt/homebrew/bin/dialog"]
    guard let dialog = places.first(where: FileManager.default.isExecutableFile) else {
        print("  dialog is not installed: the comparison is skipped (scripts/install-deps --bench installs it)")
        return
    }
    // Both start from executables cached as a program read from disk is (see `readAsFromDisk`).
    PseudoTerminal.readAsFromDisk(dialog)
    // 40 of each: on this two-core machine a few seconds of someone else's work can shift a
    // median of 20 by a millisecond.
    var mvx: [StartTimes] = [], reference: [StartTimes] = []
    for _ in 0..<40 {
        guard let ours = startTimes(binary, ["--latency", "1s"], lastRow: "quit", quitWith: "q"),
              let theirs = startTimes(dialog, ["--msgbox", "mvx compares its start-up with this box.", "8", "44"],
                                      lastRow: "this box.", quitWith: "\r")
        else {
            print("  the dialog comparison could not run on a pty")
            return
        }
        mvx.append(ours)
        reference.append(theirs)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let ourFirst = median(mvx.map(\.firstFrame)), theirFirst = median(reference.map(\.firstFrame))
    let ourSettled = median(mvx.map(\.settled)), theirSettled = median(reference.map(\.settled))
    Report.figure("spawn → first frame, mvx (median of 40)", ourFirst, unit: "ms")
    Report.figure("spawn → first frame, dialog --msgbox (C)", theirFirst, unit: "ms")
    Report.figure("  mvx ÷ dialog, first frame", ourFirst / theirFirst, unit: "×", aim: "≤ 2.5")
    Report.figure("spawn → settled (150 ms quiet), mvx", ourSettled, unit: "ms")
    Report.figure("spawn → settled (150 ms quiet), dialog", theirSettled, unit: "ms")
    Report.figure("  mvx ÷ dialog, settled", ourSettled / theirSettled, unit: "×", aim: "≤ 3")

    // A second mvx beside a running one (two terminals side by side) finds the cache folder's
    // operation log locked: it keeps its log in memory and must start as fast as the first.
    guard let running = try? PtyRun(binary: binary, arguments: []) else { return }
    var beside: [Double] = []
    for _ in 0..<20 {
        if let times = startTimes(binary, ["--latency", "1s"], lastRow: "quit", quitWith: "q") { beside.append(times.settled) }
    }
    running.finish()
    guard !beside.isEmpty else { return }
    Report.figure("  settled beside a running mvx (its log locked)", median(beside), unit: "ms")
}

private struct StartTimes {
    var firstFrame: Double
    var settled: Double
}

/// Spawn → the output holding `lastRow` (the frame's last row is out), and spawn → the last byte
/// `executable` writes before 150 ms of quiet, on an 80×24 pty; then the `quit` key ends it. Nil
/// when it cannot start, or draws nothing within 5 s.
private func startTimes(_ executable: String, _ arguments: [String], lastRow: String, quitWith quit: String) -> StartTimes? {
    guard let terminal = try? PseudoTerminal(width: 80, height: 24) else { return nil }
    let start = ContinuousClock.now
    guard let process = try? terminal.spawn(executable, arguments) else { return nil }
    defer {
        terminal.write(quit)
        process.waitUntilExit()
    }
    func milliseconds(_ instant: ContinuousClock.Instant) -> Double {
        let elapsed = instant - start
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }
    var output: [UInt8] = []
    var firstFrame: ContinuousClock.Instant?
    var lastByte: ContinuousClock.Instant?
    let deadline = start + .seconds(5)
    while ContinuousClock.now < deadline {
        let chunk = terminal.read(timeout: .milliseconds(150)) { !$0.isEmpty }
        if chunk.isEmpty {
            if lastByte != nil { break }
            continue
        }
        lastByte = ContinuousClock.now
        output += chunk
        if firstFrame == nil, output.contains(text: lastRow) { firstFrame = lastByte }
    }
    guard let lastByte, let firstFrame else { return nil }
    return StartTimes(firstFrame: milliseconds(firstFrame), settled: milliseconds(lastByte))
}

/// Bytes on the wire per key in each pattern, on the release binary at 80×24: the first greeting
/// press, the median and the largest of eight presses in a row (the largest
/// is a press that made the trace pane jump a page), and keys that change nothing on screen.
/// Every press traces the same lines, so a jump to a page that looks like the last one sends
/// almost nothing: the median of a pattern whose press fills half the pane is near 0.
private func pressBytesPerPattern(binary: String) {
    let presses = 8
    print("  (a press that jumps to a new page sends the whole pane; one that is appended, its own lines)")
    for pattern in ["mvc", "mvp", "mvvm", "viper"] {
        guard let run = try? PtyRun(binary: binary, arguments: ["--pattern", pattern]) else {
            print("  failed to start mvx --pattern \(pattern) on a pty")
            return
        }
        let outputs = (0..<presses).map { _ in run.output(for: "\r") }
        let sorted = outputs.map(\.count).sorted()
        let name = "greeting press, \(pattern.uppercased()): first, median, max of \(presses)"
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        // The first press's characters alone, escape sequences left out: what any design that shows
        // the press's trace lines must send at least (cursor moves and colours come on top).
        let text = textBytes(outputs[0])
        print("\(padded) \(outputs[0].count) \(sorted[presses / 2]) \(sorted[presses - 1]) B   (aim ≤ 400 B; its text alone \(text) B)")
        if pattern == "mvc" {
            Report.figure("a key bound to nothing (z)", Double(run.bytes(for: "z")), unit: "B", aim: "0 B")
        }
        run.finish()
    }
    // ← on the listings' first source, Rent: there is no source before it.
    if let run = try? PtyRun(binary: binary, arguments: ["--screen", "listings"]) {
        Report.figure("← on the first listing source", Double(run.bytes(for: "\u{1B}[D")), unit: "B", aim: "0 B")
        run.finish()
    }
}

/// The bytes of `output` that are not part of an escape sequence (CSI `ESC [ … final`, a charset
/// choice `ESC ( B`, or a two-byte `ESC x`): the characters a terminal is sent to show.
private func textBytes(_ output: [UInt8]) -> Int {
    var count = 0
    var index = 0
    while index < output.count {
        guard output[index] == 0x1B else {
            count += 1
            index += 1
            continue
        }
        index += 1
        guard index < output.count else { break }
        switch output[index] {
        case UInt8(ascii: "["):
            index += 1
            while index < output.count, !(0x40...0x7E).contains(output[index]) { index += 1 }
            index += 1
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            index += 2
        default:
            index += 1
        }
    }
    return count
}

/// mvx on a pty at 80×24 with a zero-latency network, past its first frames.
private final class PtyRun {
    let terminal: PseudoTerminal
    let process: SpawnedProgram

    init(binary: String, arguments: [String]) throws {
        terminal = try PseudoTerminal(width: 80, height: 24)
        process = try terminal.spawn(binary, ["--latency", "0"] + arguments)
        _ = terminal.read(timeout: .seconds(5)) { $0.contains(text: "quit") }
        _ = terminal.readUntilQuiet(.milliseconds(200))  // the first load's frames
    }

    /// The bytes mvx writes after `keys`, until it has been quiet for 150 ms.
    func output(for keys: String) -> [UInt8] {
        terminal.write(keys)
        return terminal.readUntilQuiet(.milliseconds(150))
    }

    /// How many bytes that makes.
    func bytes(for keys: String) -> Int { output(for: keys).count }

    func finish() {
        terminal.write("q")
        process.waitUntilExit()
    }
}

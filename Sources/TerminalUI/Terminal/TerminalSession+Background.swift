#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension TerminalSession {
    /// Asks the terminal for its background colour (OSC 11, then DA1) and reads the answers for
    /// at most `BackgroundDetection.timeoutMilliseconds`, with echo and line editing off so that
    /// nothing shows and nothing waits for Enter. Called before curses reads any input, so the
    /// answers never reach the app as keys; what else arrived meanwhile (keys typed ahead) is
    /// returned, to be read before anything curses reads. Only when stdin and stdout are one
    /// terminal: on another, the answer would go to someone else's input.
    static func askBackground() -> (background: RGBColor?, typedAhead: [UInt8]) {
        guard isSameTerminal(0, 1) else { return (nil, []) }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return (nil, []) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // VMIN 0, VTIME 0: a read returns what is there; poll does the waiting.
        withUnsafeMutableBytes(of: &quiet.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSANOW, &quiet) == 0 else { return (nil, []) }
        // TCSANOW, not TCSAFLUSH: input that came after the last read stays for curses.
        defer { _ = tcsetattr(0, TCSANOW, &saved) }

        writeAll(Array(BackgroundDetection.query.utf8))
        var scanner = ReplyScanner()
        let clock = ContinuousClock()
        let start = clock.now
        var buffer = [UInt8](repeating: 0, count: 512)
        var received = 0
        while !scanner.answeredDA1, received < 65_536 {
            let allowed = BackgroundDetection.timeoutMilliseconds
                + (scanner.isInSequence ? BackgroundDetection.graceMilliseconds : 0)
            let elapsed = clock.now - start
            let left = Int64(allowed) - elapsed.components.seconds * 1_000 - elapsed.components.attoseconds / 1_000_000_000_000_000
            guard left > 0 else { break }
            var entry = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }  // the time check above ends the loop
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            guard count > 0 else { break }  // hang-up or error: nothing more will come
            scanner.feed(buffer[0..<count])
            received += count
        }
        scanner.finish()
        return (scanner.background, scanner.other)
    }

    /// Whether two descriptors are the same terminal device.
    private static func isSameTerminal(_ first: Int32, _ second: Int32) -> Bool {
        var a = stat(), b = stat()
        guard fstat(first, &a) == 0, fstat(second, &b) == 0 else { return false }
        return a.st_rdev == b.st_rdev && (a.st_mode & S_IFMT) == S_IFCHR && (b.st_mode & S_IFMT) == S_IFCHR
    }

    /// Keys typed while the query was out, as curses would have handed them over: UTF-8 decoded
    /// into characters (a byte that is not UTF-8 is dropped), escape sequences left to `KeyDecoder`.
    nonisolated static func rawInput(typedAhead bytes: [UInt8]) -> [RawInput] {
        var inputs: [RawInput] = []
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): inputs.append(.character(scalar.value))
            case .emptyInput: break decoding
            case .error: continue
            }
        }
        return inputs
    }
}

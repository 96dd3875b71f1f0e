import Foundation

// Opening a pseudo-terminal, leaving the page cache and posix_spawn's settings differ by system:
// Platform+Linux.swift and Platform+macOS.swift.
#if !os(Linux) && !os(macOS)
#error("mvx-bench opens pseudo-terminals on Linux and macOS only: add a Platform+<system>.swift")
#endif

/// A pseudo-terminal for starting the real binary as a user's terminal would, and reading
/// exactly the bytes it writes.
final class PseudoTerminal {
    let master: Int32
    let slave: FileHandle

    init(width: Int, height: Int) throws {
        guard let opened = Self.openMaster(width: width, height: height) else { throw CocoaError(.fileReadUnknown) }
        master = opened.master
        guard let handle = FileHandle(forUpdatingAtPath: opened.slavePath) else {
            close(opened.master)
            throw CocoaError(.fileReadUnknown)
        }
        slave = handle
    }

    /// The cache folder's parent for every program the benchmarks start (XDG_CACHE_HOME): a folder
    /// of this run's own, so the figures do not depend on what earlier runs left in the user's
    /// ~/.cache/mvx (an operation log that had grown to hundreds of unsent entries over many
    /// benchmark runs), and the user's cache is left alone.
    static let cacheHome: String = {
        let path = FileManager.default.temporaryDirectory.appending(path: "mvx-bench-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Removes `cacheHome` (at the end of the run).
    static func removeCacheHome() {
        try? FileManager.default.removeItem(atPath: cacheHome)
    }

    /// Puts the file at `path` in the page cache as a program read from disk is: its cached pages
    /// dropped (written out first, as a just-linked file's may still be dirty), then read from start
    /// to end. A file the linker or `cp` has just written is cached in small pieces, and mvx's
    /// 100 MB executable then started 0.4-0.6 ms slower than the same bytes read from disk.
    static func readAsFromDisk(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        dropCachedPages(descriptor)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while chunk.withUnsafeMutableBytes({ Foundation.read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    deinit {
        close(master)
    }

    /// Starts `executable` on this terminal (its stdin, stdout and stderr) as a shell starts a
    /// program: posix_spawn, default signal handling, no blocked signals, and a plain environment
    /// (TERM, LANG, HOME, XDG_CACHE_HOME). mvx and dialog are started the same way.
    func spawn(_ executable: String, _ arguments: [String]) throws -> SpawnedProgram {
        var (actions, attributes) = Self.spawnSettings()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave.fileDescriptor, target) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(NSHomeDirectory())",
                           "XDG_CACHE_HOME=\(Self.cacheHome)"]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else {
            throw CocoaError(.executableLoad)
        }
        return SpawnedProgram(pid: pid)
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(master, $0.baseAddress, $0.count) }
    }

    /// Where `read` reads into: one buffer for the terminal's life. A fresh 64 KB buffer, zeroed
    /// before every read (and its pages faulted in), would be work of the reader's own while the
    /// program it times starts on the same two cores.
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Reads until `done` holds for what was read, or `timeout` passes; returns the bytes read.
    func read(timeout: Duration, until done: ([UInt8]) -> Bool) -> [UInt8] {
        var output: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while !done(output), ContinuousClock.now < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
            answerBackgroundQuery(in: output)
        }
        return output
    }

    /// Whether mvx's background query has had its answer.
    private var answeredQuery = false

    /// Answers mvx's background query (OSC 11, then DA1) as a terminal does, at once: a black
    /// background. Unanswered, every start would wait out the query's 0.1 s, which a real
    /// terminal never makes it do.
    private func answerBackgroundQuery(in output: [UInt8]) {
        guard !answeredQuery, output.contains(text: "\u{1B}]11;?"), output.contains(text: "\u{1B}[c") else { return }
        answeredQuery = true
        write("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?64;1;2;6;22c")
    }

    /// Reads until nothing arrives for `quiet`.
    func readUntilQuiet(_ quiet: Duration, limit: Duration = .seconds(3)) -> [UInt8] {
        var output: [UInt8] = []
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            let chunk = read(timeout: quiet) { !$0.isEmpty }
            if chunk.isEmpty { break }
            output += chunk
        }
        return output
    }
}

extension Array where Element == UInt8 {
    func contains(text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// A program `PseudoTerminal.spawn` started.
struct SpawnedProgram {
    let pid: pid_t

    func waitUntilExit() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}

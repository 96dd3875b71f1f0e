import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal for starting the real binary as a user's terminal would, and reading
/// exactly the bytes it writes.
final class PseudoTerminal {
    let master: Int32
    let slave: FileHandle

    init(width: Int, height: Int) throws {
        // posix_openpt and friends are not visible through Glibc's module map; the Linux ioctls are.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        guard let handle = FileHandle(forUpdatingAtPath: name) else { throw CocoaError(.fileReadUnknown) }
        slave = handle
    }

    private static let setLock = UInt(0x4004_5431)   // TIOCSPTLCK
    private static let getNumber = UInt(0x8004_5430)  // TIOCGPTN

    deinit {
        close(master)
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `done` holds for what was read, or `timeout` passes; returns the bytes read.
    func read(timeout: Duration, until done: ([UInt8]) -> Bool) -> [UInt8] {
        var output: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !done(output), ContinuousClock.now < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        return output
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

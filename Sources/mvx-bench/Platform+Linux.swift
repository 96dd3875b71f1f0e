#if os(Linux)
import Foundation
import Glibc

// What mvx-bench asks of Linux itself; Platform+macOS.swift answers the same on macOS.

extension PseudoTerminal {
    /// Opens a pseudo-terminal of `width`×`height`: its master side and the path of its slave.
    static func openMaster(width: Int, height: Int) -> (master: Int32, slavePath: String)? {
        // Neither posix_openpt and friends nor TIOCSPTLCK and TIOCGPTN are visible through Glibc's
        // module map: /dev/ptmx and the ioctls by number.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            close(master)
            return nil
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        return (master, "/dev/pts/\(number)")
    }

    /// posix_spawn's file actions and attributes, for their init calls to fill: structs on Linux.
    static func spawnSettings() -> (posix_spawn_file_actions_t, posix_spawnattr_t) {
        (posix_spawn_file_actions_t(), posix_spawnattr_t())
    }

    private static let setLock = UInt(0x4004_5431)   // TIOCSPTLCK
    private static let getNumber = UInt(0x8004_5430)  // TIOCGPTN

    /// Drops the file's pages from the page cache, written out first (a just-linked file's may still be dirty).
    static func dropCachedPages(_ descriptor: Int32) {
        _ = fdatasync(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }
}

/// Resident set size from /proc, in MiB.
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}
#endif

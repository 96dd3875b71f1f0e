#if os(macOS)
import Darwin

// What mvx-bench asks of macOS itself; Platform+Linux.swift answers the same on Linux.
// Untested: CI builds on Linux only.

extension PseudoTerminal {
    /// Opens a pseudo-terminal of `width`×`height`: its master side and the path of its slave.
    static func openMaster(width: Int, height: Int) -> (master: Int32, slavePath: String)? {
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            close(master)
            return nil
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, TIOCSWINSZ, &size)
        return (master, String(cString: name))
    }

    /// posix_spawn's file actions and attributes, for their init calls to allocate: pointers on macOS.
    static func spawnSettings() -> (posix_spawn_file_actions_t?, posix_spawnattr_t?) {
        (nil, nil)
    }

    /// Only writes the file out: macOS has no call that drops one file's cached pages (purge(8)
    /// drops every file's, as root), so a just-written binary may start a little faster here.
    static func dropCachedPages(_ descriptor: Int32) {
        _ = fsync(descriptor)
    }
}

/// The peak resident set size, in MiB: the current one is only in Mach's task_info, and growth
/// (what the benchmarks report) shows in the peak too.
func residentMegabytes() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS (kilobytes on Linux)
}
#endif

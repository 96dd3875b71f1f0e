#if os(macOS)
import Darwin

extension stat {
    /// When the file was last modified, in seconds since 1970 (st_mtimespec on macOS, st_mtim on Linux).
    var modifiedSeconds: Double { Double(st_mtimespec.tv_sec) + Double(st_mtimespec.tv_nsec) / 1e9 }
}
#endif

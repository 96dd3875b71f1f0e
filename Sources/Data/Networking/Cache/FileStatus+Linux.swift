#if os(Linux)
import Glibc

extension stat {
    /// When the file was last modified, in seconds since 1970 (st_mtim on Linux, st_mtimespec on macOS).
    var modifiedSeconds: Double { Double(st_mtim.tv_sec) + Double(st_mtim.tv_nsec) / 1e9 }
}
#endif

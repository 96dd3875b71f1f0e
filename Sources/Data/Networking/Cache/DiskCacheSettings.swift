#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where and how big the disk tiers are: API data in `responses/`, pictures in `images/`, both
/// under the app's cache folder (`$XDG_CACHE_HOME/mvx`, else `~/.cache/mvx`, or `--cache-dir`).
package struct DiskCacheSettings: Sendable {
    /// The cache folder's path; the tiers make their subfolders when they first write.
    package var folderPath: String
    /// The most bytes of pictures kept on disk.
    package var imageDiskLimit: Int
    /// The most bytes of pictures kept in memory.
    package var imageMemoryLimit: Int
    /// The wall-clock time when the network clock read zero, in milliseconds since 1970: disk
    /// expiries are written in wall time, read by later runs, and advanced by the injected clock.
    package var epoch: Int64
    /// How files are written (a test simulates a full disk here).
    package var writer: DiskCache.FileWriter
    /// What the API data belongs to: the fixture set it came from (`Fixtures.identity`), so a run
    /// over other fixtures sharing the folder is never answered with this set's pages. Pictures
    /// are drawn from their URL alone and shared.
    package var dataScope = ""

    package init(
        folderPath: String, imageDiskLimit: Int = ImageCache.defaultDiskLimit, imageMemoryLimit: Int = ImageCache.defaultMemoryLimit,
        epoch: Int64 = Int64(Date().timeIntervalSince1970 * 1000), writer: DiskCache.FileWriter = .atomicRename
    ) {
        self.folderPath = Self.withoutTrailingSlash(folderPath)
        self.imageDiskLimit = imageDiskLimit
        self.imageMemoryLimit = imageMemoryLimit
        self.epoch = epoch
        self.writer = writer
    }

    /// The same, for a folder given as a URL.
    package init(
        folder: URL, imageDiskLimit: Int = ImageCache.defaultDiskLimit, imageMemoryLimit: Int = ImageCache.defaultMemoryLimit,
        epoch: Int64 = Int64(Date().timeIntervalSince1970 * 1000), writer: DiskCache.FileWriter = .atomicRename
    ) {
        self.init(folderPath: folder.path, imageDiskLimit: imageDiskLimit, imageMemoryLimit: imageMemoryLimit,
                  epoch: epoch, writer: writer)
    }

    /// `path` without the slashes at its end (the root stays `/`), so a file's path is `folder + "/" + name`.
    static func withoutTrailingSlash(_ path: String) -> String {
        var bytes = path.utf8[...]
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        return String(Substring(bytes))
    }

    /// A short name for a set of bytes (a fixture set's files): the start of their SHA-256.
    package static func scope(of bytes: [UInt8]) -> String {
        "set-" + DiskCache.digest(bytes).prefix(16)
    }

    /// The data tier (by age) and the picture tier (by size), timed by `clock` from `epoch`.
    func makeTiers(clock: NetworkClock) -> (responses: DiskCache, images: DiskCache) {
        let epoch = self.epoch
        let now: @Sendable () -> Int64 = { epoch + Int64(clock.now / .milliseconds(1)) }
        return (
            DiskCache(folderPath: folderPath + "/responses", rule: .byAge, now: now, writer: writer, scope: dataScope),
            DiskCache(folderPath: folderPath + "/images", rule: .bySize(limit: imageDiskLimit),
                      now: now, writer: writer))
    }
}

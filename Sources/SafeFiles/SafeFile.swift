#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The C `read` and `write`, named apart from the methods of the same names below.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Why a file could not be made, written or read, in words that name the cause.
package struct SafeFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong: `.system` carries the `errno` of the call that failed.
    package enum Cause: Sendable, Equatable {
        case system(Int32)
        /// A symbolic link where mvx makes or reads a file of its own: never followed.
        case symbolicLink
        /// A regular file with other hard links: writing it would write them too.
        case hardLinked(links: Int)
        /// Something other than a regular file (its kind in words: "a FIFO", "a folder").
        case notRegular(kind: String)
        /// Bigger than the reader takes, known from its size before a byte was read.
        case tooLarge(size: Int, limit: Int)
        /// The file grew past its size while it was read.
        case changedWhileRead
    }

    /// What went wrong.
    package var cause: Cause

    /// An error for `cause`.
    package init(_ cause: Cause) {
        self.cause = cause
    }

    static func system(_ code: Int32 = errno) -> SafeFileError { SafeFileError(.system(code)) }

    /// The cause in a few words, to follow a path or a "cannot …" in a message.
    package var description: String {
        switch cause {
        case .system(let code): SafeFile.reason(for: code)
        case .symbolicLink: "it is a symbolic link (not followed)"
        case .hardLinked(let links): "it has \(links - 1) other hard link\(links == 2 ? "" : "s") (not written through)"
        case .notRegular(let kind): "not a regular file (\(kind))"
        case .tooLarge(let size, let limit): "the file is \(size) bytes; at most \(limit) are read"
        case .changedWhileRead: "the file changed while it was read"
        }
    }
}

/// The one way mvx makes and reads its files. Every file it writes — the operation log, its
/// temporary and lock, the disk cache's entries, sessions, `MVX_TRACE_FILE` — is made new with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` relative to a folder opened with `O_DIRECTORY` (and `O_NOFOLLOW` for
/// the folders mvx makes itself), written, `fsync`ed where the promise is "nothing lost", and
/// renamed into place; so a symbolic or hard link planted at any of those names is never
/// followed, written through or truncated. Reads take regular files only, check the size before
/// reading a byte, and never wait on a FIFO.
package enum SafeFile {
    /// The cause of `code` as a reader would put it.
    package static func reason(for code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case EACCES, EPERM: "permission denied"
        case ENXIO: "it is a FIFO no process is reading"
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case ELOOP: "a loop of symbolic links"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "over the disk quota"
        case EAGAIN: "the reader is not keeping up"
        case EROFS: "read-only file system"
        case ENAMETOOLONG: "the name is too long"
        default: String(cString: strerror(code))
        }
    }

    /// The kind of file `mode` describes, in words, for a file that is not a regular one.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// Opens `path` to append to, as `MVX_TRACE_FILE` is: made new when missing; when it exists
    /// it must not be a symbolic link (the last part of the path is never followed) nor a regular
    /// file with other hard links. A FIFO or a device (`/dev/null`) is opened without blocking.
    package static func openForAppending(_ path: String) throws(SafeFileError) -> Int32 {
        let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var descriptor = SafePath.withCString(path) { open($0, flags | O_CREAT | O_EXCL, 0o644) }
        if descriptor < 0, errno == EEXIST { descriptor = SafePath.withCString(path) { open($0, flags) } }
        guard descriptor >= 0 else { throw linkAware(errno) { isSymbolicLink(path) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = SafeFileError.system()
            close(descriptor)
            throw error
        }
        if status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 {
            close(descriptor)
            throw SafeFileError(.hardLinked(links: Int(status.st_nlink)))
        }
        return descriptor
    }

    /// Reads the regular file at `path` whole, at most `limit` bytes. Only a regular file is read:
    /// it is opened without blocking (a FIFO nobody writes to is refused at once) and its size is
    /// checked before a byte is read (a sparse 4 GB file is refused at once). `followLink: false`
    /// refuses a symbolic link at the last part of the path.
    package static func read(_ path: String, limit: Int, followLink: Bool = true) throws(SafeFileError) -> [UInt8] {
        let descriptor = SafePath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW)) }
        guard descriptor >= 0 else { throw followLink ? SafeFileError.system() : linkAware(errno) { isSymbolicLink(path) } }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, limit: limit)
    }

    /// Reads the open file `descriptor` whole, as `read(_:limit:followLink:)` does.
    static func read(descriptor: Int32, limit: Int) throws(SafeFileError) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system() }
        guard status.st_mode & S_IFMT == S_IFREG else { throw SafeFileError(.notRegular(kind: kind(status.st_mode))) }
        guard Int(status.st_size) <= limit else { throw SafeFileError(.tooLarge(size: Int(status.st_size), limit: limit)) }
        // One byte more than the size: a file that grew since fstat is noticed, not cut short.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system() }
            if count == 0 { break }
            filled += count
        }
        guard filled <= Int(status.st_size), filled <= limit else { throw SafeFileError(.changedWhileRead) }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Writes all of `bytes` to `descriptor`, going on after a signal.
    package static func write(_ bytes: some ContiguousBytes, to descriptor: Int32) throws(SafeFileError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count < 0 ? errno : ENOSPC }
                written += count
            }
            return nil
        }
        if let failure { throw .system(failure) }
    }

    /// Whether the last part of `path` is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return SafePath.withCString(path) { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// `ELOOP` from an `O_NOFOLLOW` open is a link at the last part of the path, or a loop above it.
    static func linkAware(_ code: Int32, isLink: () -> Bool) -> SafeFileError {
        code == ELOOP && isLink() ? SafeFileError(.symbolicLink) : .system(code)
    }
}

/// A folder held open, so every file mvx makes in it is made relative to it (`openat`): nothing
/// that replaces the folder's path later redirects a write.
package final class SafeFolder: Sendable {
    /// The folder's path, for messages.
    package let path: String
    let descriptor: Int32

    /// Opens the folder at `path`, making it and its parents when `create` says so. The folder a
    /// user names may be reached through links (`~/.cache` often is); a folder of mvx's own
    /// (`followLink: false`, the disk tiers') is refused when its last part is a link.
    package init(_ path: String, create: Bool, followLink: Bool = true) throws(SafeFileError) {
        self.path = path
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW)
        var descriptor = SafePath.withCString(path) { open($0, flags) }
        // Made only when missing: a disk cache write opens its folder each time, and checking
        // every level of the path again would cost a mkdir per level per write.
        if descriptor < 0, errno == ENOENT || path.isEmpty, create {
            try Self.makePath(path)
            descriptor = SafePath.withCString(path) { open($0, flags) }
        }
        guard descriptor >= 0 else {
            let code = errno
            if !followLink, code == ELOOP || code == ENOTDIR, SafeFile.isSymbolicLink(path) { throw SafeFileError(.symbolicLink) }
            throw .system(code)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// `mkdir -p`, naming the cause when a part cannot be made: a part that exists is passed over,
    /// and the open that follows says whether it is a folder (or a loop of links).
    private static func makePath(_ path: String) throws(SafeFileError) {
        guard !path.isEmpty else { throw .system(ENOENT) }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if SafePath.withCString(prefix, { mkdir($0, 0o755) }) != 0, errno != EEXIST {
                let code = errno
                // A part that is there but cannot be made again (a read-only mount) is fine.
                var status = stat()
                if SafePath.withCString(prefix, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
                throw .system(code)
            }
        }
    }

    /// Makes the new file `name` (`O_CREAT|O_EXCL|O_NOFOLLOW`): throws `EEXIST` when anything —
    /// a file, a link, a dangling link — is at the name already.
    package func makeFile(_ name: String, flags: Int32 = O_WRONLY, mode: mode_t = 0o644) throws(SafeFileError) -> Int32 {
        let descriptor = openat(self.descriptor, name, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .system() }
        return descriptor
    }

    /// Writes `bytes` as the new file `name`, never over anything already there (`EEXIST`):
    /// a session is never written over. `sync` makes it reach the disk before this returns.
    package func writeNew(_ name: String, _ bytes: [UInt8], sync: Bool) throws(SafeFileError) {
        let descriptor = try makeFile(name)
        do throws(SafeFileError) {
            try SafeFile.write(bytes, to: descriptor)
            if sync, fsync(descriptor) != 0 { throw .system() }
        } catch {
            close(descriptor)
            unlinkat(self.descriptor, name, 0)
            throw error
        }
        // A close that fails (NFS, a full quota) may have lost the bytes: no half file is left.
        guard close(descriptor) == 0 else {
            let error = SafeFileError.system()
            unlinkat(self.descriptor, name, 0)
            throw error
        }
    }

    /// Puts `bytes` at `name` in one step: written to the new file `temporary`, `fsync`ed when
    /// `sync`, then renamed over `name` (rename(2) replaces a link at `name`, never its target). A
    /// leftover at `temporary` (a killed run's, or a planted link) is removed first, the link
    /// itself. With `keepOpen` the descriptor of the file now at `name` is returned, for appending.
    @discardableResult
    package func replace(_ name: String, with bytes: [UInt8], temporary: String, sync: Bool, keepOpen: Bool = false)
        throws(SafeFileError) -> Int32? {
        let descriptor: Int32
        if let made = try? makeFile(temporary) {
            descriptor = made
        } else {
            remove(temporary)
            descriptor = try makeFile(temporary)
        }
        do throws(SafeFileError) {
            try SafeFile.write(bytes, to: descriptor)
            if sync, fsync(descriptor) != 0 { throw .system() }
            if renameat(self.descriptor, temporary, self.descriptor, name) != 0 {
                // A folder someone made at the name: cleared, then one more try.
                guard errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST else { throw .system() }
                remove(name)
                guard renameat(self.descriptor, temporary, self.descriptor, name) == 0 else { throw .system() }
            }
        } catch {
            close(descriptor)
            unlinkat(self.descriptor, temporary, 0)
            throw error
        }
        if keepOpen { return descriptor }
        guard close(descriptor) == 0 else { throw .system() }
        return nil
    }

    /// Opens the existing file `name` to append to, only when it is a regular file with no other
    /// hard link and not a symbolic link; nil otherwise (the caller rewrites it with `replace`).
    package func openExistingForAppending(_ name: String) -> Int32? {
        let descriptor = openat(self.descriptor, name, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Opens (making it when missing) the lock file `name`: never through a link. A symbolic link
    /// there is not a lock of ours (a lock file is never one): it is removed and the lock made anew.
    package func openLock(_ name: String) throws(SafeFileError) -> Int32 {
        for _ in 0..<2 {
            let descriptor = openat(self.descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                var status = stat()
                guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                    close(descriptor)
                    throw SafeFileError(.notRegular(kind: SafeFile.kind(status.st_mode)))
                }
                return descriptor
            }
            guard errno == ELOOP, isLink(name) else { throw .system() }
            remove(name)
        }
        throw SafeFileError(.symbolicLink)
    }

    /// Reads the file `name` in this folder whole, as `SafeFile.read` does, never through a link.
    package func read(_ name: String, limit: Int) throws(SafeFileError) -> [UInt8] {
        let descriptor = openat(self.descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw SafeFile.linkAware(errno) { isLink(name) } }
        defer { close(descriptor) }
        return try SafeFile.read(descriptor: descriptor, limit: limit)
    }

    /// The status of `name` itself (a link is not followed), nil when there is nothing there.
    package func status(_ name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// The names in the folder (not `.` and `..`), each read from its bytes.
    package func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                SafePath.string(fromBytes: raw.prefix { $0 != 0 })
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    private func isLink(_ name: String) -> Bool {
        status(name).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
    }

    /// Removes whatever is at `name`: a file or a link (never its target), or a folder someone put there.
    package func remove(_ name: String) {
        guard unlinkat(descriptor, name, 0) != 0, errno == EISDIR || errno == EPERM else { return }
        if unlinkat(descriptor, name, AT_REMOVEDIR) != 0, errno == ENOTEMPTY || errno == EEXIST {
            // Rare (a folder someone made where an entry goes): FileManager's recursion, by path.
            try? FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }
}

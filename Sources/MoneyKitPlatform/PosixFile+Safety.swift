// What a store needs to know about a file before it trusts it: whether a name is a link,
// who owns a file, how many names it has, who may read it, whether its folder lets
// anyone replace it; and reading a file's first bytes without following a FIFO.
// (SQLite creates its -wal, -shm and -journal files itself, opening whatever is at their
// names: these facts let a store refuse files it did not make before SQLite opens them.)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat` tells about one name, the name itself (a link is not followed).
package struct FileFacts: Equatable, Sendable {
    /// A regular file (not a link, folder, FIFO or device).
    package let isRegularFile: Bool
    /// A symbolic link.
    package let isSymbolicLink: Bool
    /// Owned by this process's effective user.
    package let isOwnedByUs: Bool
    /// The owner's user id, for messages.
    package let owner: UInt32
    /// How many names (hard links) the file has.
    package let links: UInt64
    /// The permission bits (0o7777).
    package let permissions: UInt32
    /// The size in bytes.
    package let size: Int64

    /// Whether anyone but the owner has any permission on it (group or others).
    package var isOpenToOthers: Bool { permissions & 0o077 != 0 }
}

extension PosixFile {
    /// The facts about the name `path` itself (a link is described, not followed); nil
    /// when nothing is there, or the file was removed while it was looked at.
    /// - Throws: `FileError.unreadable` when it cannot be looked at (permissions).
    package static func facts(of path: String) throws(FileError) -> FileFacts? {
        var info = stat()
        guard lstat(path.systemPath, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileError.unreadable(path: path, reason: errorText())
        }
        // No names left: removed between the lookup and the look (SQLite deletes a -shm or
        // -wal as another process closes the database), so nothing is there any more.
        guard info.st_nlink > 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return FileFacts(
            isRegularFile: type == S_IFREG, isSymbolicLink: type == S_IFLNK, isOwnedByUs: info.st_uid == geteuid(),
            owner: UInt32(info.st_uid), links: UInt64(info.st_nlink), permissions: UInt32(info.st_mode) & 0o7777,
            size: Int64(info.st_size))
    }

    /// Whether every user may create, remove and rename files in `folder` (writable by
    /// others, without the sticky bit that limits that to a file's owner): a store
    /// there could be swapped for another under any tool's feet. Follows links.
    package static func isOpenToEveryone(folder: String) -> Bool {
        var info = stat()
        guard stat(folder.systemPath, &info) == 0 else { return false }
        return (info.st_mode & S_IWOTH) != 0 && (info.st_mode & S_ISVTX) == 0
    }

    /// The path with every symbolic link resolved (as SQLite resolves it to name its
    /// -wal and -shm files); `path` itself when it cannot be resolved.
    package static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path.systemPath, nil) else { return path }
        defer { free(resolved) }
        return LosslessText.decode(cString: resolved)
    }

    /// The target a symbolic link names (as written in the link), nil when `path` is not one.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path.systemPath, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return LosslessText.decode(buffer.prefix(count).map { UInt8(bitPattern: $0) })
    }

    /// Makes the regular file at `path`, which this user owns, private (0600), without
    /// following a link: the file changed is the one looked at.
    /// - Throws: `FileError.cannotCreate` when it cannot be opened or changed.
    package static func makePrivate(_ path: String) throws(FileError) {
        let fd = open(path.systemPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.cannotCreate(path: path, reason: errorText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else {
            throw FileError.cannotCreate(path: path, reason: "it is not a regular file of this user")
        }
        if fchmod(fd, 0o600) != 0 { throw FileError.cannotCreate(path: path, reason: errorText()) }
    }

    /// Up to `count` bytes from the start of the regular file at `path` (following a
    /// link the user made); nil when there is no file. Opened non-blocking, so a FIFO
    /// cannot hang the tool.
    /// - Throws: `FileError.unreadable` when it cannot be opened or is not a regular file,
    ///   `FileError.io` when reading fails.
    package static func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8]? {
        let fd = open(path.systemPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw FileError.unreadable(path: path, reason: errorText(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError.unreadable(path: path, reason: errorText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileError.unreadable(path: path, reason: "not a regular file") }
        var buffer = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < buffer.count {
            let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if read < 0 {
                if errno == EINTR { continue }
                throw FileError.io(path: path, reason: errorText())
            }
            if read == 0 { break }
            filled += read
        }
        return Array(buffer.prefix(filled))
    }
}

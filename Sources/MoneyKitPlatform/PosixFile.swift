// Thin wrappers over the POSIX calls the file store needs, reporting errno as text.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum PosixFile {
    /// The text of the current errno, e.g. "Permission denied".
    package static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// The folder part of a path ("." for a bare name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Creates `path` and any missing parents with mode 0700; existing folders are left
    /// as they are.
    package static func makeDirectories(_ path: String) throws(FileError) {
        var isDirectory = stat()
        if stat(path.systemPath, &isDirectory) == 0 {
            if (isDirectory.st_mode & S_IFMT) == S_IFDIR { return }
            throw FileError.cannotCreate(path: path, reason: "a file of that name is in the way")
        }
        let parent = directory(of: path)
        if parent != path && parent != "." && parent != "/" {
            try makeDirectories(parent)
        }
        if mkdir(path.systemPath, 0o700) != 0 && errno != EEXIST {
            throw FileError.cannotCreate(path: path, reason: errorText())
        }
    }

    package enum ReadResult {
        case missing
        case contents([UInt8])
    }

    /// The whole file, or `.missing` when there is none. Anything but a regular file is
    /// refused before a byte is read: opened non-blocking, so a FIFO planted at the path
    /// cannot hang the tool (and its lock) waiting for a writer.
    package static func readAll(_ path: String) throws(FileError) -> ReadResult {
        let fd = open(path.systemPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return .missing }
            throw FileError.unreadable(path: path, reason: errorText(code))
        }
        defer { close(fd) }
        return .contents(try readAll(descriptor: fd, path: path))
    }

    /// The whole of the regular file open on `fd`, from its start; `path` names it in
    /// errors.
    package static func readAll(descriptor fd: Int32, path: String) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError.unreadable(path: path, reason: errorText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError.unreadable(path: path, reason: "not a regular file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            // pread: from the start whatever was read on `fd` before.
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = errorText()
                if errno == EISDIR { throw FileError.unreadable(path: path, reason: reason) }
                throw FileError.io(path: path, reason: reason)
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
        return bytes
    }

    /// Replaces `path` atomically with `bytes`: a private temporary file in the same
    /// folder, written, fsynced, renamed over the old one, then the folder fsynced, so a
    /// crash at any instant leaves the old file or the new one.
    ///
    /// The temporary's name is random and it is created with O_EXCL|O_NOFOLLOW, so in a
    /// folder others can write to, nobody can guess it and plant a link or a file there
    /// first; its mode is set to 0600 whatever the umask. A writer killed before the
    /// rename leaves it behind: `removeStaleTemporaries` clears those under the lock.
    package static func replaceAtomically(_ path: String, with bytes: [UInt8]) throws(FileError) {
        let folder = directory(of: path)
        let (temporary, fd) = try createTemporary(for: path)
        var failure = writeAll(fd, bytes)
        // fdatasync covers the data and the size of the new file, all a reader needs.
        if failure == 0, syncData(fd) != 0 { failure = errno }
        if failure != 0 {
            close(fd)
            unlink(temporary.systemPath)
            throw FileError.io(path: path, reason: errorText(failure))
        }
        close(fd)
        if rename(temporary.systemPath, path.systemPath) != 0 {
            let reason = errorText()
            unlink(temporary.systemPath)
            throw FileError.cannotCreate(path: path, reason: reason)
        }
        syncDirectory(folder)
    }

    /// Creates `path` with `bytes` unless a file is there already: written to a private
    /// temporary, fsynced, then hard-linked to `path`, which fails when another writer
    /// created it first. Returns false then (or when a lock holder's clean-up took the
    /// temporary): the caller runs its change again on the store that now exists.
    package static func createExclusively(_ path: String, with bytes: [UInt8]) throws(FileError) -> Bool {
        let (temporary, fd) = try createTemporary(for: path)
        defer { unlink(temporary.systemPath) }
        var failure = writeAll(fd, bytes)
        if failure == 0, syncData(fd) != 0 { failure = errno }
        close(fd)
        if failure != 0 { throw FileError.io(path: path, reason: errorText(failure)) }
        if link(temporary.systemPath, path.systemPath) != 0 {
            let code = errno
            // A link whose target is missing makes link(2) fail as if a store were there,
            // though none can be read: refused, or every retry would meet it again.
            if code == EEXIST, let target = danglingLinkTarget(path) { throw danglingLinkError(path, target: target) }
            if code == EEXIST || code == ENOENT { return false }
            // A file system without hard links: rename, which cannot refuse an existing
            // file; the window for two first writers is then the time of one write.
            guard code == EPERM || code == EOPNOTSUPP || code == EXDEV,
                rename(temporary.systemPath, path.systemPath) == 0
            else { throw FileError.cannotCreate(path: path, reason: errorText(code)) }
        }
        syncDirectory(directory(of: path))
        return true
    }

    /// The prefix of every temporary file written for `path`: `.NAME.tmp-`.
    package static func temporaryPrefix(for path: String) -> String {
        ".\(fileName(of: path)).tmp-"
    }

    /// A new, empty, private temporary file beside `path`, with a random name.
    private static func createTemporary(for path: String) throws(FileError) -> (path: String, descriptor: Int32) {
        let folder = directory(of: path)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let suffix = String(generator.next() as UInt64, radix: 36)
            let temporary = "\(folder)/\(temporaryPrefix(for: path))\(suffix)"
            let fd = open(temporary.systemPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw FileError.cannotCreate(path: temporary, reason: errorText())
            }
            // O_CREAT's mode is masked by the umask, never widened; make it exact.
            _ = fchmod(fd, 0o600)
            return (temporary, fd)
        }
        throw FileError.cannotCreate(path: path, reason: "no unused temporary file name in \(folder)")
    }

    /// Removes the temporary files that writers of `path` killed before their rename
    /// left behind. Call only while holding the store's lock: then no live writer has
    /// one. Best effort; a file that cannot be removed is left.
    package static func removeStaleTemporaries(for path: String) {
        let folder = directory(of: path)
        let prefix = LosslessText.encode(temporaryPrefix(for: path))
        guard let listing = opendir(folder.systemPath) else { return }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard name.count > prefix.count, name.starts(with: prefix) else { continue }
            let stale = folder + "/" + LosslessText.decode(name)
            var info = stat()
            // Only regular files: anything else with that name is not ours to remove.
            guard lstat(stale.systemPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            unlink(stale.systemPath)
        }
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR. Returns 0, or the
    /// errno of the write that failed. Shared with MoneyKitCLI's output channels.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return 0
    }

    /// fsyncs a folder so a rename in it survives a power cut. Best effort: some
    /// file systems refuse fsync on folders, and the data itself is already synced.
    package static func syncDirectory(_ folder: String) {
        let fd = open(folder.systemPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = syncData(fd)
        close(fd)
    }

    /// Makes what was written to `fd` durable: fdatasync on Linux; on Darwin fsync only
    /// reaches the drive's cache, so F_FULLFSYNC asks the drive to write it through
    /// (falling back to fsync where the file system refuses it). Returns 0 or -1 (errno).
    package static func syncData(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        return fsync(fd)
        #elseif os(Linux)
        return fdatasync(fd)
        #else
        return fsync(fd)
        #endif
    }

    /// The size of the file at `path`, nil when there is none.
    package static func fileSize(_ path: String) throws(FileError) -> Int64? {
        var info = stat()
        if stat(path.systemPath, &info) == 0 { return Int64(info.st_size) }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw FileError.unreadable(path: path, reason: errorText())
    }

    /// Creates an empty file (0600, never through a symlink); false when another process
    /// made it first.
    /// - Throws: `FileError.cannotCreate` when it cannot be made, or a symbolic link to a
    ///   missing file is at `path` (a store is never created through a link).
    package static func createEmptyExclusively(_ path: String) throws(FileError) -> Bool {
        let descriptor = open(path.systemPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // O_CREAT's mode is masked by the umask, never widened; make it exact.
            _ = fchmod(descriptor, 0o600)
            close(descriptor)
            return true
        }
        let code = errno
        if code == EEXIST, let target = danglingLinkTarget(path) { throw danglingLinkError(path, target: target) }
        if code == EEXIST { return false }
        throw FileError.cannotCreate(path: path, reason: errorText(code))
    }

    /// The target of the symbolic link at `path` when that target does not exist; nil
    /// when `path` is no link, or its target is there.
    package static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path.systemPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        guard stat(path.systemPath, &info) != 0, errno == ENOENT || errno == ENOTDIR else { return nil }
        return linkTarget(path) ?? "a missing file"
    }

    /// The refusal of a store that would be created through the link at `path`.
    package static func danglingLinkError(_ path: String, target: String) -> FileError {
        .cannotCreate(
            path: path,
            reason: "it is a symbolic link to \(target), which does not exist, and a store is never created through a link; "
                + "remove the link to make the store here, or put the store at \(target)")
    }

    /// Removes the file at `path` if there is one (best effort: for undoing a creation).
    package static func remove(_ path: String) {
        unlink(path.systemPath)
    }

    package static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// True when this process may create and rename files in `folder`.
    package static func isWritableDirectory(_ folder: String) -> Bool {
        access(folder.systemPath, W_OK | X_OK) == 0
    }

    /// True when `path` names a regular file (following links).
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path.systemPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True when something other than a regular file (a folder, a FIFO, a device) is at
    /// `path`, following links: nothing a store can be read from or replaced.
    package static func holdsNonRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path.systemPath, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
    }

    /// True when `path` names an existing folder.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path.systemPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when the file exists and this process may not write it.
    package static func existsReadOnly(_ path: String) -> Bool {
        access(path.systemPath, F_OK) == 0 && access(path.systemPath, W_OK) != 0
    }
}

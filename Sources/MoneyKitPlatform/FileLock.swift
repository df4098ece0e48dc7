// The exclusive lock a writer holds on a JSON store while it reads, changes and replaces
// it, so that read-modify-write cycles of several processes never interleave.
//
// The lock is an flock on the store file itself, not on a companion file: a lock file
// can be deleted while held (by a user tidying up), and the next writer would then lock
// a new file and run beside the holder, losing an update. The store file is only ever
// replaced by a rename, which is the commit: so a writer counts its lock only when, after
// flock succeeds, the path still names the very file it locked (same device and inode).
// Otherwise another writer has committed meanwhile, and it locks the new file instead.
// A store that does not exist yet has nothing to lock: it is created with link(2), which
// fails when another writer created it first (see `PosixFile.createExclusively`).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A store file open and exclusively locked; closing it releases the lock.
package final class LockedStoreFile {
    package let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    package enum Outcome {
        /// The file at the path, locked.
        case locked(LockedStoreFile)
        /// No file at the path: create it with `PosixFile.createExclusively`.
        case missing
    }

    /// Locks the file at `path`, waiting up to `timeout` seconds for another writer.
    /// Anything but a regular file is refused; it is opened non-blocking, so a FIFO
    /// cannot hang us.
    package static func lock(_ path: String, timeout: Double) throws(FileError) -> Outcome {
        var waitedNanoseconds: UInt64 = 0
        var pause: UInt64 = 100_000  // 0.1 ms, doubling up to 10 ms
        let limit = UInt64(max(0, timeout) * 1_000_000_000)
        func wait() throws(FileError) {
            if waitedNanoseconds >= limit { throw FileError.busy(path: path) }
            var request = timespec(tv_sec: 0, tv_nsec: Int(pause))
            nanosleep(&request, nil)
            waitedNanoseconds += pause
            pause = min(pause * 2, 10_000_000)
        }
        // Bounded: a path replaced on every round (a committing writer each time) is busy.
        for _ in 0..<1000 {
            let fd = open(path.systemPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            if fd < 0 {
                let code = errno
                if code == ENOENT { return .missing }
                throw FileError.unreadable(path: path, reason: PosixFile.errorText(code))
            }
            let file = LockedStoreFile(descriptor: fd)
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw FileError.unreadable(path: path, reason: PosixFile.errorText()) }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw FileError.unreadable(path: path, reason: "not a regular file")
            }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                guard code == EWOULDBLOCK || code == EINTR else {
                    throw FileError.io(path: path, reason: PosixFile.errorText(code))
                }
                try wait()
            }
            if file.isStillAt(path) { return .locked(file) }
            // Another writer replaced the file while we waited: lock the new one.
        }
        throw FileError.busy(path: path)
    }

    /// Whether `path` still names this file (not replaced, not removed).
    package func isStillAt(_ path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, stat(path.systemPath, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}

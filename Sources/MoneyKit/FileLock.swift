// An exclusive advisory lock held on a companion file (`STORE.lock`), so that
// read-modify-write cycles of several processes never interleave.
//
// The lock file may be deleted (by a user tidying up, or by us after a failed first
// write): a holder of a deleted file would then lock a file no one else can find, and
// two writers would run at once. So, as git and Maildir do, a lock counts only when, after
// flock succeeds, the path still names the very file locked (same device and inode);
// otherwise it is taken again on the file now there.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

final class FileLock {
    let lockPath: String
    private var descriptor: Int32 = -1

    init(lockPath: String) {
        self.lockPath = lockPath
    }

    deinit { unlock() }

    /// Takes the lock, waiting up to `timeout` seconds for another holder to finish.
    /// `storePath` is the file named in errors. The lock file is opened without following
    /// a link, so a link planted at its name cannot make us create or truncate anything.
    func lock(timeout: Double, storePath: String) throws(StoreError) {
        var waitedNanoseconds: UInt64 = 0
        var pause: UInt64 = 100_000  // 0.1 ms, doubling up to 10 ms
        let limit = UInt64(max(0, timeout) * 1_000_000_000)
        while true {
            let fd = try openLockFile(storePath: storePath)
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                guard code == EWOULDBLOCK || code == EINTR else {
                    close(fd)
                    throw StoreError.io(path: lockPath, reason: PosixFile.errorText(code))
                }
                if waitedNanoseconds >= limit {
                    close(fd)
                    throw StoreError.busy(path: storePath)
                }
                var request = timespec(tv_sec: 0, tv_nsec: Int(pause))
                nanosleep(&request, nil)
                waitedNanoseconds += pause
                pause = min(pause * 2, 10_000_000)
            }
            if pathStillNames(fd) {
                descriptor = fd
                return
            }
            // The file was removed or replaced while we waited: lock the one there now
            // (within the same time limit, should it keep vanishing).
            close(fd)
            if waitedNanoseconds >= limit { throw StoreError.busy(path: storePath) }
            var request = timespec(tv_sec: 0, tv_nsec: 100_000)
            nanosleep(&request, nil)
            waitedNanoseconds += 100_000
        }
    }

    /// Releases the lock.
    func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// Removes the lock file and releases the lock; for a store that was never created,
    /// so that a failed first write leaves nothing behind. Safe while holding the lock:
    /// a process waiting on the removed file notices and locks a new one.
    func removeFileAndUnlock() {
        guard descriptor >= 0 else { return }
        if pathStillNames(descriptor) { unlink(lockPath.systemPath) }
        unlock()
    }

    private func openLockFile(storePath: String) throws(StoreError) -> Int32 {
        let fd = open(lockPath.systemPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP {
                throw StoreError.cannotCreate(path: lockPath, reason: "it is a symbolic link; a lock file must be a plain file")
            }
            if code == EACCES || code == EROFS || code == EPERM {
                throw StoreError.readOnly(path: storePath)
            }
            throw StoreError.cannotCreate(path: lockPath, reason: PosixFile.errorText(code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw StoreError.cannotCreate(path: lockPath, reason: "not a regular file")
        }
        return fd
    }

    /// Whether the lock path names the file open on `fd` (not removed, not replaced).
    private func pathStillNames(_ fd: Int32) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(fd, &open) == 0, lstat(lockPath.systemPath, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}

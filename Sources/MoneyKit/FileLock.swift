// An exclusive advisory lock held on a companion file (`STORE.lock`), so that
// read-modify-write cycles of several processes never interleave. The lock file is never
// deleted: deleting it would let two processes lock two different files.

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
    /// `storePath` is the file named in errors.
    func lock(timeout: Double, storePath: String) throws(StoreError) {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES || code == EROFS || code == EPERM {
                throw StoreError.readOnly(path: storePath)
            }
            throw StoreError.cannotCreate(path: lockPath, reason: PosixFile.errorText(code))
        }
        var waitedNanoseconds: UInt64 = 0
        var pause: UInt64 = 100_000  // 0.1 ms, doubling up to 10 ms
        let limit = UInt64(max(0, timeout) * 1_000_000_000)
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
        descriptor = fd
    }

    func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}

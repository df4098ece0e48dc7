// Process-wide file settings the stores need around calls into C libraries that create
// files themselves (SQLite's -wal and -shm), and short waits between retries.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixFile {
    /// Runs `body` with the file creation mask 077, so whatever it creates is 0600 (or
    /// 0700 for a folder), then restores the mask.
    package static func withPrivateFileMask<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let previous = umask(0o077)
        defer { umask(previous) }
        return try body()
    }

    /// Sleeps for `milliseconds` (a retry's pause).
    package static func pause(milliseconds: Int32) {
        usleep(useconds_t(max(0, milliseconds)) * 1000)
    }
}

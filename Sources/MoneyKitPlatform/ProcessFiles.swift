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
    /// The mask is the process's: threads running bodies at once (runs in-process) share
    /// one 077 section, set by the first and restored by the last.
    package static func withPrivateFileMask<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        PrivateMaskSection.enter()
        defer { PrivateMaskSection.leave() }
        return try body()
    }

    /// Sleeps for `milliseconds` (a retry's pause).
    package static func pause(milliseconds: Int32) {
        usleep(useconds_t(max(0, milliseconds)) * 1000)
    }
}

/// The bodies inside `withPrivateFileMask` now, and the mask to restore after the last.
private enum PrivateMaskSection {
    private static let lock = PlainLock()
    nonisolated(unsafe) private static var inside = 0
    nonisolated(unsafe) private static var previous: mode_t = 0

    static func enter() {
        lock.withLock {
            if inside == 0 { previous = umask(0o077) }
            inside += 1
        }
    }

    static func leave() {
        lock.withLock {
            inside -= 1
            if inside == 0 { umask(previous) }
        }
    }
}

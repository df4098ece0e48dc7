// The process itself: its environment (read from `environ`, byte for byte), ending it
// with a status, and the SIGPIPE setting that lets a closed pipe show up as EPIPE.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoneyKitPlatform

/// The running process: its environment, its end, its signal settings.
public enum ProcessControl {
    /// Ends the process with `status`. Buffered output must be flushed first.
    public static func exit(_ status: Int32) -> Never {
        systemExit(status)
    }

    /// The process environment, read from `environ` (no Foundation needed). Values that
    /// are not UTF-8 are kept as `LosslessText` escapes.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        #if canImport(Darwin)
        guard var pointer = _NSGetEnviron()?.pointee else { return result }
        #else
        var pointer = environ
        #endif
        // Sized once: a dictionary grown entry by entry rehashes every key at each doubling.
        var count = 0
        while pointer[count] != nil { count += 1 }
        result.reserveCapacity(count)
        while let entry = pointer.pointee {
            // Split at the first "=" byte (never part of a longer UTF-8 sequence), then
            // decode the name and the value: no Character search on every start.
            let length = strlen(entry)
            entry.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    let name = LosslessText.decode(UnsafeBufferPointer(rebasing: bytes[..<equals]))
                    result[name] = LosslessText.decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]))
                }
            }
            pointer += 1
        }
        return result
    }

    /// Ignore SIGPIPE so that writing to a closed pipe fails with EPIPE, which the output
    /// channels treat as a quiet, successful end.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// This process's id (a unique name for a temporary file, a seed).
    public static var id: Int32 { getpid() }
}

private func systemExit(_ status: Int32) -> Never { exit(status) }

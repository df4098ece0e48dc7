// Signals turned into flags that a loop checks: SIGINT and SIGTERM ask it to finish
// (save, restore the terminal) rather than die; SIGWINCH says the window changed size.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stopping and resize signals as flags a screen's loop checks.
public enum SignalFlags {
    /// The last stopping signal received (SIGINT, SIGTERM, SIGHUP), 0 while none.
    nonisolated(unsafe) private static var stopSignal: sig_atomic_t = 0
    nonisolated(unsafe) private static var resized: sig_atomic_t = 0

    /// Catches SIGINT, SIGTERM and SIGHUP (and SIGWINCH) without SA_RESTART, so a
    /// blocking read or poll returns EINTR and the loop sees the flag.
    public static func install() {
        var action = sigaction()
        let handler: @convention(c) (Int32) -> Void = { signal in
            if signal == SIGWINCH { SignalFlags.resized = 1 } else { SignalFlags.stopSignal = signal }
        }
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            sigaction(signal, &action, nil)
        }
    }

    /// Whether SIGINT, SIGTERM or SIGHUP arrived since `install()`.
    public static var stopRequested: Bool { stopSignal != 0 }

    /// After a loop has saved its work on a stopping signal: runs `flush` (the buffered
    /// output) and ends
    /// the process by that same signal, default action restored, so the shell sees an
    /// interrupted command (status 130 for SIGINT) and a script's loop stops as it
    /// expects. Returns only when no stopping signal was received.
    public static func endByStopSignalIfReceived(flush: () -> Void) {
        let received = stopSignal
        guard received != 0 else { return }
        flush()
        signal(received, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, received)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        raise(received)
        // Not reached for SIGINT, SIGTERM and SIGHUP, whose default action ends us.
        exit(128 + received)
    }

    /// True once after each window size change.
    public static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }
}

// One process, one local time zone (TZ, read by localtime_r and mktime), and threads that
// need different ones: tests that run the tools in-process in UTC beside tests of the
// calendar in London or New York. Holders of one zone share it; a thread wanting another
// waits until they are gone, and meanwhile no new holder of the old zone gets in.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

package enum LocalZoneSharing {
    private final class State: @unchecked Sendable {
        // Allocated: a mutex must not move.
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        var zone: String?
        var holders = 0
        var waiting = 0

        init() {
            mutex.initialize(to: pthread_mutex_t())
            changed.initialize(to: pthread_cond_t())
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(changed, nil)
        }
    }

    private static let state = State()

    /// Enters `zone` at once if the process is in it (or nobody holds one) and no thread
    /// waits for another; false otherwise. `apply` puts the process in a zone (it is the
    /// caller's: setting TZ is a process API); it runs under the lock.
    package static func tryEnter(_ zone: String, apply: (String) -> Void) -> Bool {
        pthread_mutex_lock(state.mutex)
        defer { pthread_mutex_unlock(state.mutex) }
        if state.holders == 0, state.waiting == 0 {
            switchTo(zone, apply: apply)
        }
        guard state.zone == zone, state.waiting == 0 else { return false }
        state.holders += 1
        return true
    }

    /// Enters `zone`, waiting until the holders of another zone have left.
    package static func enter(_ zone: String, apply: (String) -> Void) {
        pthread_mutex_lock(state.mutex)
        defer { pthread_mutex_unlock(state.mutex) }
        state.waiting += 1
        while state.holders > 0 && state.zone != zone {
            pthread_cond_wait(state.changed, state.mutex)
        }
        state.waiting -= 1
        if state.holders == 0 { switchTo(zone, apply: apply) }
        state.holders += 1
    }

    /// Leaves the zone entered last by this thread.
    package static func leave() {
        pthread_mutex_lock(state.mutex)
        defer { pthread_mutex_unlock(state.mutex) }
        state.holders -= 1
        if state.holders == 0 { pthread_cond_broadcast(state.changed) }
    }

    /// Runs `body` in `zone`, waiting for it (see `enter`).
    package static func within<T>(_ zone: String, apply: (String) -> Void, _ body: () throws -> T) rethrows -> T {
        enter(zone, apply: apply)
        defer { leave() }
        return try body()
    }

    private static func switchTo(_ zone: String, apply: (String) -> Void) {
        guard state.zone != zone else { return }
        apply(zone)
        state.zone = zone
        Instant.forgetLocalMidnights()
    }
}

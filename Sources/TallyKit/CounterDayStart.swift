// When a store's counting days begin: midnight unless set (`tally day-starts 06:00`), so
// that a venue open past midnight counts its night as the day it opened, in stats, log
// ranges and show's figures (CounterPeriod, CounterLog). A command may give its own.

import MoneyKitPlatform

extension Tally {
    /// When the store's days begin, in minutes past local midnight (0: midnight).
    /// - Throws: the repository's errors.
    public func dayStart() throws -> Int {
        try repository.read { try $0.dayStart() }
    }

    /// Makes the store's days begin `minutes` past local midnight (0: midnight again), as
    /// one undo step; the time already set changes nothing (false: no undo step).
    /// - Throws: `TallyError.badDayStart` outside 0..<1440; the repository's errors.
    @discardableResult
    public func setDayStart(_ minutes: Int) throws -> Bool {
        guard (0..<1440).contains(minutes) else { throw TallyError.badDayStart(minutes: minutes) }
        let at = now()
        return try repository.write { store in
            guard try store.dayStart() != minutes else { return false }
            try store.begin("day-starts \(Instant.timeOfDayText(minutes))", at: at)
            try store.setDayStart(minutes)
            return true
        }
    }
}

// A named counter: a count that moves by a step, with the start it resets to.

import MoneyKitStorage
import MoneyKitPlatform

/// One named counter, as every repository stores it.
public struct Counter: Equatable, Sendable {
    /// As stored (NFC); unique among the counters in any letter case.
    public var name: String
    /// The count now.
    public var count: Int64
    /// Where `reset` puts the count back.
    public var start: Int64
    /// What inc adds and dec subtracts; never 0, may be negative.
    public var step: Int64
    /// Pinned counters list first.
    public var pinned: Bool
    /// Creation instant, ISO 8601 UTC (`2026-11-21T10:55:28Z`).
    public var created: String
    /// Creation order, to break ties between counters created in the same second.
    public var serial: Int64

    /// A counter with every field given.
    public init(name: String, count: Int64, start: Int64, step: Int64, pinned: Bool, created: String, serial: Int64) {
        self.name = name
        self.count = count
        self.start = start
        self.step = step
        self.pinned = pinned
        self.created = created
        self.serial = serial
    }

    /// Seconds since 1970 of `created`, or nil when unreadable (a store written by hand).
    public var createdInstant: Double? { Instant.parseISO8601(created) }

    /// Seconds since 1970 of `created`, or 0 when unreadable (sorts last).
    var createdSeconds: Double { createdInstant ?? 0 }

    /// `count + delta`, or `TallyError.countOverflow` when it leaves the 64-bit range.
    /// - Throws: `TallyError.countOverflow`.
    public func adding(_ delta: Int64) throws(TallyError) -> Int64 {
        let (result, overflow) = count.addingReportingOverflow(delta)
        if overflow { throw .countOverflow(counter: name, count: count, delta: delta) }
        return result
    }

    /// `step × times`, or `TallyError.stepsOverflow` when it leaves the 64-bit range.
    /// - Throws: `TallyError.stepsOverflow`.
    public func steps(_ times: Int64) throws(TallyError) -> Int64 {
        let (result, overflow) = step.multipliedReportingOverflow(by: times)
        if overflow { throw .stepsOverflow(times: times, step: step) }
        return result
    }

    /// Pinned first, then newest first; same instant: the later created first.
    public static func listOrder(_ a: Counter, _ b: Counter) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        let (left, right) = (a.createdSeconds, b.createdSeconds)
        if left != right { return left > right }
        if a.serial != b.serial { return a.serial > b.serial }
        return a.name < b.name
    }

    /// What every store requires of a counter it holds (see TallyDocument.checkInvariants).
    /// `place` (e.g. `counters[3]`) is built only for a message.
    func checkInvariants(place: @autoclosure () -> String, nextSerial: Int64) throws(StoredContentError) {
        if name.isEmpty || name.allSatisfy({ $0.isWhitespace }) {
            throw StoredContentError("\(place()) has an empty name")
        }
        if step == 0 { throw StoredContentError("\(place()) ('\(name)') has a step of 0") }
        try StoredInvariants.require(serial, in: 1...(nextSerial - 1), what: "the serial of \(place()) ('\(name)')")
    }

    /// A new name as it is stored (NFC), or `TallyError.invalidName` saying what ItemName's
    /// rule refuses.
    /// - Throws: `TallyError.invalidName` with ItemName's fault.
    public static func validate(name: String) throws(TallyError) -> String {
        switch ItemName.checked(name) {
        case .success(let stored): return stored
        case .failure(let fault): throw .invalidName(name, fault)
        }
    }
}

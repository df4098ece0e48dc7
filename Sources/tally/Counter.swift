// A named counter: a count that moves by a step, with the start it resets to.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct Counter: Equatable, Sendable {
    var name: String
    var count: Int64
    /// Where `reset` puts the count back.
    var start: Int64
    /// What inc adds and dec subtracts; never 0, may be negative.
    var step: Int64
    var pinned: Bool
    /// Creation instant, ISO 8601 UTC (`2026-11-21T10:55:28Z`).
    var created: String
    /// Creation order, to break ties between counters created in the same second.
    var serial: Int64

    init(name: String, count: Int64, start: Int64, step: Int64, pinned: Bool, created: String, serial: Int64) {
        self.name = name
        self.count = count
        self.start = start
        self.step = step
        self.pinned = pinned
        self.created = created
        self.serial = serial
    }

    init(storedJSON: JSONValue, place: String) throws(StoredContentError) {
        let fields = try JSONFields(storedJSON, place: place)
        name = try fields.string("name")
        count = try fields.int64("count")
        start = try fields.int64("start")
        step = try fields.int64("step")
        pinned = try fields.bool("pinned")
        created = try fields.string("created")
        serial = try fields.int64("serial")
        if step == 0 { throw StoredContentError("\(place) has a step of 0") }
    }

    var storedJSON: JSONValue {
        .object([
            ("name", .string(name)),
            ("count", .integer(count)),
            ("start", .integer(start)),
            ("step", .integer(step)),
            ("pinned", .bool(pinned)),
            ("created", .string(created)),
            ("serial", .integer(serial)),
        ])
    }

    /// Seconds since 1970 of `created`, or 0 when unreadable (sorts last).
    var createdSeconds: Double { Instant.parseISO8601(created) ?? 0 }

    /// `count + delta`, or exit 65 naming the counter when it overflows 64 bits.
    func adding(_ delta: Int64) throws(CLIError) -> Int64 {
        let (result, overflow) = count.addingReportingOverflow(delta)
        if overflow {
            throw CLIError.data(
                "count of '\(name)' would overflow: \(count) + \(delta) is beyond the 64-bit range",
                hint: "nothing was changed")
        }
        return result
    }

    /// `step × times`, checked.
    func steps(_ times: Int64) throws(CLIError) -> Int64 {
        let (result, overflow) = step.multipliedReportingOverflow(by: times)
        if overflow {
            throw CLIError.data("\(times) steps of \(step) overflow the 64-bit range", hint: "nothing was changed")
        }
        return result
    }

    /// Pinned first, then newest first; same instant: the later created first.
    static func listOrder(_ a: Counter, _ b: Counter) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        let (left, right) = (a.createdSeconds, b.createdSeconds)
        if left != right { return left > right }
        if a.serial != b.serial { return a.serial > b.serial }
        return a.name < b.name
    }

    /// What the loader requires of a stored counter (see TallyDocument.checkInvariants).
    /// `place` (e.g. `counters[3]`) is built only for a message.
    func checkInvariants(place: @autoclosure () -> String, nextSerial: Int64) throws(StoredContentError) {
        if name.isEmpty || name.allSatisfy({ $0.isWhitespace }) {
            throw StoredContentError("\(place()) has an empty name")
        }
        if step == 0 { throw StoredContentError("\(place()) ('\(name)') has a step of 0") }
        try StoredInvariants.require(serial, in: 1...(nextSerial - 1), what: "the serial of \(place()) ('\(name)')")
    }

    /// A new name as it is stored (NFC), or the error ItemName's rule gives: 64 for an
    /// empty name or edge spaces, 65 for control characters or a name too long.
    static func validate(name: String) throws(CLIError) -> String {
        try CLIError.checkedName(name, what: "a counter name")
    }
}

// `tally day-starts` and --day-starts through the command line, in-process on an injected
// clock (UTC): a night's events count as the day it began in stats, log's date ranges and
// show; --skip-empty leaves the quiet hours out; bad times are usage errors.

import Foundation
import MoneyKitCLI
import Testing
@testable import tally

@Suite struct TallyDayStartTests {
    /// 2023-11-14 22:00:00 UTC, a Tuesday night.
    static let night: Double = 1_699_999_200

    static func run(_ arguments: [String], _ environment: [String: String], at instant: Double) -> (code: ExitCode, out: String, err: String) {
        InjectedClockTests.run(TallyTool.self, arguments, environment, at: instant)
    }

    /// A store with "in" counted 3 times at 22:00, twice at 02:00 and once at 11:00 the
    /// next morning.
    static func venue() throws -> [String: String] {
        let environment = try InjectedClockTests.environment()
        #expect(run(["new", "in"], environment, at: night).code == .ok)
        #expect(run(["inc", "in", "--times", "3"], environment, at: night).code == .ok)
        #expect(run(["inc", "in", "--times", "2"], environment, at: night + 4 * 3600).code == .ok)
        #expect(run(["inc", "in"], environment, at: night + 13 * 3600).code == .ok)
        return environment
    }

    @Test func aNightCountsAsTheDayItBegan() throws {
        let environment = try Self.venue()
        let later = Self.night + 14 * 3600
        #expect(Self.run(["stats", "in", "--format", "csv"], environment, at: later).out == """
            period,start,change,events
            2023-11-14,2023-11-14T00:00:00+00:00,3,2
            2023-11-15,2023-11-15T00:00:00+00:00,3,2

            """)
        #expect(Self.run(["day-starts"], environment, at: later).out == "00:00\n")
        let set = Self.run(["day-starts", "6:00"], environment, at: later)
        #expect(set.code == .ok && set.err == "Days begin at 06:00. Undo with: tally undo\n")
        #expect(Self.run(["day-starts"], environment, at: later).out == "06:00\n")
        #expect(Self.run(["day-starts", "06:00"], environment, at: later).err == "Days begin at 06:00. (They already did.)\n")
        #expect(Self.run(["stats", "in", "--format", "csv"], environment, at: later).out == """
            period,start,change,events
            2023-11-14,2023-11-14T06:00:00+00:00,5,3
            2023-11-15,2023-11-15T06:00:00+00:00,1,1

            """)
        #expect(Self.run(["stats", "in", "--format", "csv", "--day-starts", "00:00"], environment, at: later).out.contains("2023-11-15,2023-11-15T00:00:00+00:00,3,2"))
        // log's dates name whole days from their start.
        let log = Self.run(["log", "in", "--since", "2023-11-14", "--until", "2023-11-14", "--format", "csv"], environment, at: later)
        #expect(log.out.split(separator: "\n").count == 4, "\(log.out)")
        #expect(Self.run(["log", "in", "--since", "2023-11-15", "--format", "csv"], environment, at: later).out.split(separator: "\n").count == 2)
        // show: the night is one day, the morning the next.
        let json = Self.run(["show", "in", "--format", "json"], environment, at: later).out
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(shown["today"] as? Int == 1 && (shown["last_days"] as? [Int])?.suffix(2) == [5, 1], "\(json)")
        #expect(Self.run(["undo"], environment, at: later).err == "Undid: day-starts 06:00\n")
        #expect(Self.run(["day-starts"], environment, at: later).out == "00:00\n")
    }

    @Test func quietHoursCanBeLeftOut() throws {
        let environment = try Self.venue()
        let hours = Self.run(["stats", "in", "--by", "hour", "--skip-empty", "--format", "csv"], environment, at: Self.night + 14 * 3600)
        #expect(hours.out.split(separator: "\n").map { $0.split(separator: ",")[0] } == ["period", "2023-11-14 22:00", "2023-11-15 02:00", "2023-11-15 11:00"])
        let all = Self.run(["stats", "in", "--by", "hour", "--format", "csv"], environment, at: Self.night + 14 * 3600)
        #expect(all.out.split(separator: "\n").count == 16)  // 22:00 to 12:00, and the header
    }

    @Test(arguments: [["day-starts", "25:00"], ["day-starts", "6"], ["stats", "in", "--day-starts", "noon"], ["show", "in", "--day-starts", "6:7"]])
    func aTimeThatIsNoTimeOfDayIsAUsageError(arguments: [String]) throws {
        let environment = try Self.venue()
        let result = Self.run(arguments, environment, at: Self.night)
        #expect(result.code == .usage && result.err.contains("expected a time of day like 06:00"), "\(result.err)")
    }
}

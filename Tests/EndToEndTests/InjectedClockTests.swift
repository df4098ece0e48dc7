// Every date a command takes by default (portfolio's --date, tally's event stamps,
// tillcount's note placeholders and report date, and the stamps of its saved counts,
// movements, undo steps and live counts) and every `now`, `today` and `yesterday`
// typed on a command line come from the run's clock: a run in-process on an injected
// clock, far from the real one, shows only the injected instant.

import Foundation
import MoneyKitCLI
import MoneyKitPlatform
import Testing
@testable import portfolio
@testable import tally
@testable import tillcount

@Suite struct InjectedClockTests {
    /// 2023-11-14T22:13:20.250Z: years from the machine's clock.
    static let clock: Double = 1_700_000_000.25

    /// A sandbox whose stores are files of its own.
    static func environment() throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return [
            "HOME": folder, "XDG_DATA_HOME": folder, "XDG_STATE_HOME": folder, "XDG_CONFIG_HOME": folder,
            "PORTFOLIO_DB": folder + "/portfolio.sqlite", "TALLY_FILE": folder + "/counters.json",
            "TILLCOUNT_DB": folder + "/history.sqlite", "TZ": "UTC", "LANG": "en_GB.UTF-8",
        ]
    }

    /// Runs `entry` in-process on the injected clock (`instant`, in UTC): exit code, stdout, stderr.
    static func run(
        _ entry: any ToolEntry.Type, _ arguments: [String], _ environment: [String: String], at instant: Double = clock
    ) -> (code: ExitCode, out: String, err: String) {
        LocalZoneSharing.within("UTC", apply: InProcessTools.setZone) {
            let io = ToolIO.inMemory(environment: environment, clock: { instant })
            let code = entry.run(arguments: arguments, io: io)
            return (code, io.out.text, io.err.text)
        }
    }

    @Test func portfolioDatesDefaultToTheRunsClock() throws {
        let environment = try Self.environment()
        #expect(Self.run(PortfolioTool.self, ["add", "cash", "100", "--currency", "GBP"], environment).code == .ok)
        #expect(Self.run(PortfolioTool.self, ["update", "cash", "105"], environment).code == .ok)
        #expect(Self.run(PortfolioTool.self, ["update", "cash", "110", "--date", "yesterday"], environment).code == .ok)
        let export = Self.run(PortfolioTool.self, ["export", "--format", "csv"], environment)
        #expect(export.code == .ok)
        #expect(export.out == """
            date,account,value,currency
            2023-11-13T00:00:00+00:00,cash,110.00,GBP
            2023-11-14T22:13:20+00:00,cash,100.00,GBP
            2023-11-14T22:13:20+00:00,cash,105.00,GBP

            """)
    }

    @Test func tallyStampsAndRangeWordsUseTheRunsClock() throws {
        let environment = try Self.environment()
        #expect(Self.run(TallyTool.self, ["new", "door"], environment).code == .ok)
        #expect(Self.run(TallyTool.self, ["inc", "door"], environment).code == .ok)
        let log = Self.run(TallyTool.self, ["log", "door", "--since", "today", "--format", "csv"], environment)
        #expect(log.code == .ok)
        #expect(log.out == """
            at,kind,change,count,old,new
            2023-11-14T22:13:20.250Z,new,0,0,,
            2023-11-14T22:13:20.250Z,inc,1,1,,

            """)
        // The events are of the injected day: none before yesterday's end.
        let before = Self.run(TallyTool.self, ["log", "door", "--until", "yesterday", "--format", "csv"], environment)
        #expect(before.out == "at,kind,change,count,old,new\n")
    }

    @Test func tillcountNoteAndReportUseTheRunsClock() throws {
        let environment = try Self.environment()
        let note = Self.run(TillcountTool.self, ["note", "counted at {time} on {date}"], environment)
        #expect(note.code == .ok)
        #expect(note.out == "counted at 2023-11-14 22:13 on 2023-11-14\n")
        let report = Self.run(TillcountTool.self, ["report", "--format", "json"], environment)
        #expect(report.code == .ok)
        #expect(report.out.contains(#""date": "2023-11-14T22:13:20Z""#))
    }

    /// A saved count, a movement and a live count's `updated` (by a change, by undo of a
    /// change, by undo of a till's removal) are stamped by the run's clock, not the system's.
    @Test func tillcountStampsItsChangesWithTheRunsClock() throws {
        let environment = try Self.environment()
        func tillcount(_ arguments: String..., at instant: Double = Self.clock) throws -> String {
            let result = Self.run(TillcountTool.self, arguments, environment, at: instant)
            #expect(result.code == .ok, "tillcount \(arguments.joined(separator: " ")): \(result.err)")
            return result.out
        }
        // A day, two days and three days after the first instant.
        let (dayLater, twoDaysLater, threeDaysLater) = (Self.clock + 86_400, Self.clock + 172_800, Self.clock + 259_200)
        _ = try tillcount("add", "20=4", "--currency", "GBP")
        _ = try tillcount("paid-in", "20", "--reason", "change")
        #expect(try tillcount("movements", "--format", "csv") == """
            number,kind,amount,reason,at
            1,paid-in,20.00,change,2023-11-14T22:13:20Z

            """)
        _ = try tillcount("save")
        #expect(try tillcount("history", "--format", "csv") == """
            id,saved,label,currency,total,float,difference,expected,overShort,till,kind,number
            1,2023-11-14T22:13:20Z,,GBP,80.00,0.00,80.00,20.00,60.00,main,x,

            """)
        // A change, then its undo a day later: the live count is updated as of the undo.
        _ = try tillcount("add", "10=1")
        #expect(try tillcount("tills", "--format", "csv").hasSuffix(",2023-11-14T22:13:20Z\n"))
        _ = try tillcount("undo", at: dayLater)
        #expect(try tillcount("tills", "--format", "csv") == """
            name,currency,total,float,expected,overShort,status,blind,updated
            main,GBP,80.00,0.00,20.00,60.00,over,false,2023-11-15T22:13:20Z

            """)
        // A till removed, then brought back by undo: updated as of the undo.
        _ = try tillcount("--till", "Front", "float", "0", "--currency", "GBP", at: dayLater)
        _ = try tillcount("tills", "rm", "Front", "--force", at: twoDaysLater)
        _ = try tillcount("undo", at: threeDaysLater)
        let tills = try tillcount("tills", "--format", "csv")
        #expect(tills.contains("\nFront,GBP,0.00,0.00,,,empty,false,2023-11-17T22:13:20Z\n"), "\(tills)")
    }
}

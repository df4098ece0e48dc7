// Bad input, in bulk: for each tool a table of at least 200 wrong invocations (malformed
// numbers, overflow, bad dates, unknown names and currencies, missing values, unknown
// options), each checked for its exit code, a `TOOL: error:` message, no death by
// signal, and a store left byte-identical.

import Foundation
import Testing

struct BadCall: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let status: Int32
    var testDescription: String { arguments.joined(separator: " ") + " → \(status)" }
}

enum BadInputTables {
    static let malformedNumbers = ["1.5", "abc", "1e3", "--5", "0x10", "1,000", "", " ", "NaN", "9223372036854775808", "-9223372036854775809", "١٢", "+-1", "1 2"]
    static let misspelledCommands = ["lst", "nwe", "incc", "dex", "shw", "exprt", "imprt", "undoo", "renam", "pinn"]
    static let unknownOptions = ["--bogus", "--formatt", "-z", "--colour", "--file=", "--no-such-flag"]

    static var tally: [BadCall] {
        var calls: [BadCall] = []
        for word in misspelledCommands { calls.append(BadCall(arguments: [word], status: 64)) }
        for command in ["list", "new", "get", "inc", "show", "export", "undo", "rm"] {
            for option in unknownOptions where option != "--file=" { calls.append(BadCall(arguments: [command, option], status: 64)) }
        }
        // Unknown counters (the store holds "coffee" and "tea").
        for command in ["get", "inc", "dec", "reset", "pin", "unpin", "show", "tap", "feed"] {
            // tap checks the name before it needs a terminal.
            // Letter case does not tell names apart ("TEA" is tea), so "TEAS" is unknown.
            for name in ["cofee", "nothing", "Coffee ", "TEAS"] { calls.append(BadCall(arguments: [command, name], status: 66)) }
        }
        for name in ["cofee", "nothing"] {
            calls.append(BadCall(arguments: ["add", name, "1"], status: 66))
            calls.append(BadCall(arguments: ["set", name, "1"], status: 66))
            calls.append(BadCall(arguments: ["step", name, "2"], status: 66))
            calls.append(BadCall(arguments: ["rename", name, "x"], status: 66))
            calls.append(BadCall(arguments: ["rm", "--force", name], status: 66))
        }
        // Malformed whole numbers wherever one is taken.
        for text in malformedNumbers {
            let status: Int32 = text.hasPrefix("9223") || text.hasPrefix("-9223") ? 65 : 64
            calls.append(BadCall(arguments: ["add", "coffee", text], status: status))
            calls.append(BadCall(arguments: ["set", "coffee", text], status: status))
            calls.append(BadCall(arguments: ["step", "coffee", text], status: status))
            calls.append(BadCall(arguments: ["new", "x", "--start", text], status: status))
            calls.append(BadCall(arguments: ["new", "x", "--step", text], status: status))
            calls.append(BadCall(arguments: ["inc", "coffee", "--times", text], status: status))
            calls.append(BadCall(arguments: ["dec", "coffee", "-n", text], status: status))
            calls.append(BadCall(arguments: ["new", "--start", text], status: status))
        }
        // Missing values and arguments.
        for arguments in [["add", "coffee"], ["set", "coffee"], ["step", "coffee"], ["rename", "coffee"], ["get"], ["inc"],
                          ["new", "--start"], ["inc", "coffee", "--times"], ["list", "--format"], ["import"], ["rm"]] {
            calls.append(BadCall(arguments: arguments, status: 64))
        }
        // Steps of 0, duplicates, overflow, formats.
        calls += [
            BadCall(arguments: ["new", "x", "--step", "0"], status: 64), BadCall(arguments: ["step", "coffee", "0"], status: 64),
            BadCall(arguments: ["new", "coffee"], status: 65), BadCall(arguments: ["rename", "tea", "coffee"], status: 65),
            BadCall(arguments: ["set", "coffee", "9223372036854775807", "--bogus"], status: 64),
            BadCall(arguments: ["add", "big", "1"], status: 65), BadCall(arguments: ["inc", "big"], status: 65),
            BadCall(arguments: ["dec", "small"], status: 65), BadCall(arguments: ["inc", "big", "--times", "2"], status: 65), BadCall(arguments: ["dec", "small", "-n", "3"], status: 65),
            BadCall(arguments: ["list", "--format", "xml"], status: 64), BadCall(arguments: ["export", "--format", "tsv"], status: 64),
            BadCall(arguments: ["import", "--on-clash", "merge", "-"], status: 64), BadCall(arguments: ["rm", "coffee"], status: 64),
            BadCall(arguments: ["import", "/nonexistent/file.json"], status: 66), BadCall(arguments: ["new", ""], status: 64),
            BadCall(arguments: ["--color", "sometimes"], status: 64), BadCall(arguments: ["help", "nosuch"], status: 64),
        ]
        return calls
    }

    static var billsplit: [BadCall] {
        var calls: [BadCall] = []
        for option in unknownOptions where option != "--file=" {
            calls.append(BadCall(arguments: ["10", option], status: 64))
            calls.append(BadCall(arguments: ["prefs", option], status: 64))
            calls.append(BadCall(arguments: ["-", option], status: 64))
        }
        for amount in ["12.345", "1,2,3", "12abc", "1e3", "NaN", "--5", ".", "-3", "99999999999999999999", "$", "EUR 5", "0x10", "1.2,3.4", "12..5", "abc"] {
            for currency in ["USD", "JPY", "KWD", "NOK", "CLF"] where !((currency == "KWD" || currency == "CLF" || currency == "JPY") && amount == "12.345") {
                calls.append(BadCall(arguments: [amount, "--currency", currency, "--no-save"], status: amount == "--5" ? 64 : 65))
            }
        }
        for tip in ["-1", "51", "50.001", "12.345", "abc", "1e1", "", "%", "100"] {
            calls.append(BadCall(arguments: ["10", "--tip", tip, "--no-save"], status: 64))
            calls.append(BadCall(arguments: ["-", "--tip", tip, "--no-save"], status: 64))
            calls.append(BadCall(arguments: ["10", "-t", tip, "-p", "2", "--no-save"], status: 64))
        }
        for people in ["0", "21", "-1", "1.5", "abc", "", "99999999999999999999"] {
            calls.append(BadCall(arguments: ["10", "--people", people, "--no-save"], status: people.hasPrefix("999") ? 65 : 64))
            calls.append(BadCall(arguments: ["10", "-p", people, "--no-save"], status: people.hasPrefix("999") ? 65 : 64))
            calls.append(BadCall(arguments: ["-", "--people", people, "--no-save"], status: people.hasPrefix("999") ? 65 : 64))
        }
        for weights in ["", ",", "1,,1", "a,b", "-1,2", "0,0", String(repeating: "1,", count: 21) + "1", "1.5,1", "2000000,1"] {
            calls.append(BadCall(arguments: ["10", "--weights", weights, "--no-save"], status: 64))
            calls.append(BadCall(arguments: ["-", "-w", weights, "--no-save"], status: 64))
        }
        calls.append(BadCall(arguments: ["10", "--weights", "1,1", "--people", "3", "--no-save"], status: 64))
        for unit in ["0", "-1", "0.001", "abc", "1e2"] {
            calls.append(BadCall(arguments: ["10", "--currency", "USD", "--round-up", unit, "--no-save"], status: 64))
        }
        for code in ["XYZ", "US", "USDD", "123", "UDS", "eur1", "", "XAU", "HRK", "€"] {
            calls.append(BadCall(arguments: ["10", "--currency", code, "--no-save"], status: 64))
            calls.append(BadCall(arguments: ["-", "--currency", code, "--no-save"], status: 64))
            calls.append(BadCall(arguments: ["10", "-c", code, "--tip", "5", "--no-save"], status: 64))
        }
        for locale in ["xx_YY", "nonsense", "12"] { calls.append(BadCall(arguments: ["10", "--locale", locale, "--no-save"], status: 64)) }
        calls += [
            BadCall(arguments: [], status: 64), BadCall(arguments: ["10", "20"], status: 64), BadCall(arguments: ["prefs", "--reset"], status: 64),
            BadCall(arguments: ["prefs", "extra"], status: 64), BadCall(arguments: ["10", "--format", "xml"], status: 64),
            BadCall(arguments: ["10", "--tip"], status: 64), BadCall(arguments: ["10", "--people"], status: 64),
            BadCall(arguments: ["prefs", "--format", "csv"], status: 64),
        ]
        return calls
    }

    static var tillcount: [BadCall] {
        var calls: [BadCall] = []
        for command in ["show", "add", "sub", "set", "float", "note", "save", "history", "report", "deposit", "total", "denominations"] {
            for option in unknownOptions where option != "--file=" { calls.append(BadCall(arguments: [command, option], status: 64)) }
        }
        for command in ["add", "sub", "set"] {
            // An unknown denomination is bad data (65), as a malformed one is (issue 26, item 38).
            for token in ["7", "3p", "roll:7", "note:0.50", "coin:50", "roll:0.25", "0.03", "1000"] {
                calls.append(BadCall(arguments: [command, token + (command == "set" ? "=1" : "")], status: 65))
            }
            for token in ["2O", "abc", "roll:", "note:", "-5", "0", "0.001", "1e2", "££5", ""] {
                calls.append(BadCall(arguments: [command, token + (command == "set" ? "=1" : "")], status: 65))
            }
            for quantity in ["-1", "1.5", "abc", "", "99999999999999999999", "1e2", "0x1", "+-1"] {
                calls.append(BadCall(arguments: [command, "20=" + quantity], status: 65))
                calls.append(BadCall(arguments: [command, "10=1", "roll:1=" + quantity], status: 65))
            }
        }
        for value in ["12.41", "-1", "abc", "1.001"] { calls.append(BadCall(arguments: ["set", "0.20", "--value", value], status: 65)) }
        calls += [
            BadCall(arguments: ["set", "20"], status: 64), BadCall(arguments: ["set", "20=1", "10=2", "--value", "5"], status: 64),
            BadCall(arguments: ["sub", "20=9"], status: 65), BadCall(arguments: ["sub", "roll:1=3"], status: 65),
            BadCall(arguments: ["add", "0.01=9223372036854775807"], status: 65),
            BadCall(arguments: ["float", "abc"], status: 65), BadCall(arguments: ["float", "-5"], status: 65), BadCall(arguments: ["float", "1.234"], status: 65),
            BadCall(arguments: ["currency", "XYZ"], status: 64), BadCall(arguments: ["currency", "USD"], status: 64),
            BadCall(arguments: ["add", "20", "--currency", "USD"], status: 64), BadCall(arguments: ["show", "--currency", "EUR"], status: 64),
            BadCall(arguments: ["clear"], status: 64), BadCall(arguments: ["history", "show", "99"], status: 66),
            BadCall(arguments: ["history", "show", "abc"], status: 64), BadCall(arguments: ["history", "rm", "--force", "99"], status: 66),
            BadCall(arguments: ["resume", "99"], status: 66), BadCall(arguments: ["resume", "0"], status: 64),
            BadCall(arguments: ["report", "--format", "pdf"], status: 64), BadCall(arguments: ["show", "--expected", "abc"], status: 65),
            BadCall(arguments: ["total", "20"], status: 64), BadCall(arguments: ["total", "7=1", "--currency", "GBP"], status: 65),
            BadCall(arguments: ["total", "20=x", "--currency", "GBP"], status: 65), BadCall(arguments: ["total", "--format", "xml"], status: 64),
            BadCall(arguments: ["count"], status: 64), BadCall(arguments: ["denominations", "--currency", "XYZ"], status: 64),
            BadCall(arguments: ["note", "--edit"], status: 78), BadCall(arguments: ["hist"], status: 64),
        ]
        for word in misspelledCommands { calls.append(BadCall(arguments: [word], status: 64)) }
        return calls
    }

    static var portfolio: [BadCall] {
        var calls: [BadCall] = []
        for command in ["list", "add", "update", "show", "chart", "table", "close", "export"] {
            for option in unknownOptions where option != "--file=" { calls.append(BadCall(arguments: [command, option], status: 64)) }
        }
        for date in ["2025-02-30", "2025-13-01", "27/07/2025", "2025-07-27 25:00", "2025-07-27 14:60", "yesterday-ish", "", "2025-7-27", "2025-07-27T14:30:00+25:00", "20250727"] {
            calls.append(BadCall(arguments: ["update", "Saver", "1", "--date", date], status: 65))
            calls.append(BadCall(arguments: ["add", "New", "1", "--date", date], status: 65))
            calls.append(BadCall(arguments: ["close", "Saver", "--date", date], status: 65))
            calls.append(BadCall(arguments: ["chart", "--from", date], status: 65))
            calls.append(BadCall(arguments: ["table", "--to", date], status: 65))
            calls.append(BadCall(arguments: ["chart", "Saver", "--to", date], status: 65))
            calls.append(BadCall(arguments: ["table", "--from", date, "--period", "year"], status: 65))
        }
        for value in ["12.345", "1,500", "abc", "1e3", "NaN", "", "99999999999999999999", "$5", "€5", "--5", "1.2.3", "0x10"] {
            calls.append(BadCall(arguments: ["update", "Saver", value], status: value == "--5" ? 64 : 65))
            calls.append(BadCall(arguments: ["add", "Other", value, "-c", "GBP"], status: value == "--5" ? 64 : 65))
            calls.append(BadCall(arguments: ["update", "Saver", value, "--date", "2025-06-01"], status: value == "--5" ? 64 : 65))
        }
        for name in ["Savr", "nothing", "Saver2"] {
            for command in [["update", name, "1"], ["show", name], ["close", name], ["reopen", name], ["rename", name, "X"], ["rm", "--force", name], ["updates", name], ["chart", name]] {
                calls.append(BadCall(arguments: command, status: 66))
            }
        }
        for code in ["XYZ", "US", "123", "UDS"] { calls.append(BadCall(arguments: ["add", "New", "1", "--currency", code], status: 64)) }
        calls += [
            BadCall(arguments: ["add", "saver", "1"], status: 65), BadCall(arguments: ["rename", "Saver", "SAVER2x"], status: 0),
            BadCall(arguments: ["add", " Padded", "1"], status: 64), BadCall(arguments: ["add", "", "1"], status: 64),
            BadCall(arguments: ["reopen", "Saver"], status: 65), BadCall(arguments: ["rm", "Saver"], status: 64),
            BadCall(arguments: ["updates", "rm", "Saver", "999"], status: 66), BadCall(arguments: ["updates", "rm", "Saver", "abc"], status: 64),
            BadCall(arguments: ["demo"], status: 64), BadCall(arguments: ["demo", "--set", "4"], status: 64),
            BadCall(arguments: ["table", "--period", "fortnight"], status: 64), BadCall(arguments: ["chart", "--format", "png"], status: 64),
            BadCall(arguments: ["chart", "--width", "5"], status: 64), BadCall(arguments: ["chart", "--height", "abc"], status: 64),
            BadCall(arguments: ["chart", "--from", "2030-01-01", "--to", "2020-01-01"], status: 64),
            BadCall(arguments: ["import", "/nonexistent.csv"], status: 66), BadCall(arguments: ["update", "Saver"], status: 64),
            BadCall(arguments: ["export", "--format", "xml"], status: 64),
        ]
        for word in misspelledCommands { calls.append(BadCall(arguments: [word], status: 64)) }
        // The one call above that succeeds (a rename to an unused name) is not bad input.
        return calls.filter { $0.status != 0 }
    }
}

@Suite(ReliabilityLoops.trait) struct BadInputTableTests {
    /// Runs every call against a fresh copy of `store` and checks the contract.
    static func check(_ tool: String, _ calls: [BadCall], setUp: (Sandbox, [String: String]) throws -> Void, env: (Sandbox) -> [String: String], store: (Sandbox) -> String) throws {
        #expect(calls.count >= 200, "\(tool) has only \(calls.count) bad calls")
        let sandbox = try Sandbox()
        let environment = env(sandbox)
        try setUp(sandbox, environment)
        let path = store(sandbox)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for call in calls {
            let result = try ToolProcess.run(tool, call.arguments, environment: sandbox.environment.merging(environment) { $1 }, stdin: "")
            #expect(!result.killedBySignal, "\(call.testDescription): killed by a signal")
            #expect(result.status == call.status, "\(tool) \(call.testDescription): got \(result.status): \(result.stderr)")
            #expect(result.stderr.hasPrefix("\(tool): error: "), "\(tool) \(call.testDescription): \(result.stderr)")
            let after = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(after == before, "\(tool) \(call.testDescription) changed the store")
        }
    }

    @Test func tally() throws {
        try Self.check("tally", BadInputTables.tally, setUp: { sandbox, env in
            for arguments in [["new", "coffee"], ["new", "tea"], ["new", "big", "--start", "9223372036854775807"], ["new", "small", "--start", "-9223372036854775808"]] {
                let result = try ToolProcess.run("tally", arguments, environment: sandbox.environment.merging(env) { $1 })
                #expect(result.status == 0, "\(result.stderr)")
            }
        }, env: { ["TALLY_FILE": $0.path("counters.db")] }, store: { $0.path("counters.db") })
    }

    @Test func billsplit() throws {
        try Self.check("billsplit", BadInputTables.billsplit, setUp: { sandbox, env in
            let result = try ToolProcess.run("billsplit", ["10", "--currency", "USD", "--people", "2"], environment: sandbox.environment.merging(env) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
        }, env: { ["BILLSPLIT_CONFIG": $0.path("prefs.json")] }, store: { $0.path("prefs.json") })
    }

    @Test func tillcount() throws {
        try Self.check("tillcount", BadInputTables.tillcount, setUp: { sandbox, env in
            for arguments in [["currency", "GBP"], ["add", "20=4", "roll:1=2", "0.50=3"], ["float", "100"]] {
                let result = try ToolProcess.run("tillcount", arguments, environment: sandbox.environment.merging(env) { $1 })
                #expect(result.status == 0, "\(result.stderr)")
            }
        }, env: { ["TILLCOUNT_STATE": $0.path("count.json"), "TILLCOUNT_DB": $0.path("history.sqlite")] }, store: { $0.path("history.sqlite") })
    }

    @Test func portfolio() throws {
        try Self.check("portfolio", BadInputTables.portfolio, setUp: { sandbox, env in
            for arguments in [["add", "Saver", "100", "--date", "2025-01-01", "--currency", "GBP"]] {
                let result = try ToolProcess.run("portfolio", arguments, environment: sandbox.environment.merging(env) { $1 })
                #expect(result.status == 0, "\(result.stderr)")
            }
        }, env: { ["PORTFOLIO_DB": $0.path("p.sqlite")] }, store: { $0.path("p.sqlite") })
    }
}

@Suite struct MissingHomeTests {
    /// Without HOME and the XDG variables (and no --file/--db/--config), a tool has no
    /// place for its store: exit 78 (configuration), a message, nothing written.
    @Test(arguments: [
        ("tally", ["list"]), ("tally", ["new", "x"]),
        ("tillcount", ["show"]), ("tillcount", ["add", "20", "--currency", "GBP"]),
        ("billsplit", ["10", "--currency", "USD"]), ("billsplit", ["prefs"]),
        ("portfolio", ["list"]), ("portfolio", ["add", "A", "1"]),
    ])
    func noHomeIsAConfigurationError(tool: String, arguments: [String]) throws {
        let result = try ToolProcess.run(tool, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(!result.killedBySignal)
        #expect(result.stderr.hasPrefix("\(tool): error: "))
        #expect(result.stderr.contains("HOME"))
    }
}

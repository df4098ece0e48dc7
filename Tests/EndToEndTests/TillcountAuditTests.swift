// tillcount audit (issue 29, item 6): blind on and off, the blind count revealed by its
// save, and undo are kept with who did them (USER@HOST, here MONEYKIT_ACTOR) in every
// format, escaped for people, and undo takes none of it back.

import Foundation
import Testing

@Suite struct TillcountAuditTests {
    @Test func whoDidWhatIsKeptAndNeverUndone() throws {
        let till = try TillcountSandbox(currency: "GBP")
        #expect(try till.ok("audit").stderr.hasPrefix("Nothing in the audit trail yet"))
        let ann = ["MONEYKIT_ACTOR": "ann@till-1"]
        try till.ok("add", "20=3", environment: ann)
        try till.ok("blind", "on", environment: ann)
        try till.ok("save", environment: ["MONEYKIT_ACTOR": "bob\u{1B}[31m@till-2"])  // nothing to reveal: no expected cash
        try till.ok("save", "--expected", "60", environment: ["MONEYKIT_ACTOR": "bob\u{1B}[31m@till-2"])
        try till.ok("blind", "off", environment: ann)
        try till.ok("undo", environment: ann)
        let json = try TillcountJSON.array(try till.ok("audit", "--format", "json").stdout)
        #expect(json.map { "\($0["who"] as? String ?? "") \($0["action"] as? String ?? "") \($0["detail"] as? String ?? "")" } == [
            "ann@till-1 blind-on ", "bob\u{1B}[31m@till-2 reveal saved count 2", "ann@till-1 blind-off ", "ann@till-1 undo blind off",
        ])
        let text = try till.ok("audit").stdout
        #expect(text.hasPrefix("WHEN") && text.contains("ann@till-1") && !text.contains("\u{1B}"), "\(text)")
        let csv = try till.ok("audit", "--format", "csv").stdout.split(separator: "\n")
        #expect(csv.first == "at,till,who,action,detail" && csv.count == 5)
        #expect(try till.ok("audit", "--till", "nowhere").stderr.hasPrefix("Nothing in the audit trail yet"))
        #expect(try till.ok("audit", "--since", "2999-01-01").stderr.hasPrefix("Nothing in the audit trail yet"))
    }
}

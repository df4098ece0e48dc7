// portfolio returns shows no gain where the money put in is not known: an account added
// at £100 and valued at £110, with no deposit recorded, once read START £0.00 GAIN
// £110.00. GAIN is now "—" (text), empty (CSV) and null (JSON); the change stays.

import Foundation
import MoneyKitCLI
import MoneyKitPlatform
import Testing
@testable import portfolio

@Suite struct PortfolioReturnsGainTests {
    static func run(_ arguments: [String], _ environment: [String: String]) -> (code: ExitCode, out: String, err: String) {
        LocalZoneSharing.within("UTC", apply: InProcessTools.setZone) {
            let io = ToolIO.inMemory(environment: environment)
            let code = PortfolioTool.run(arguments: arguments, io: io)
            return (code, io.out.text, io.err.text)
        }
    }

    @Test func withoutADepositTheGainIsNotShown() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gain-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let environment = ["HOME": folder, "PORTFOLIO_DB": folder + "/portfolio.sqlite", "TZ": "UTC", "COLUMNS": "120", "LANG": "en_GB.UTF-8"]
        #expect(Self.run(["add", "cash", "100", "--currency", "GBP", "--date", "2025-01-01"], environment).code == .ok)
        #expect(Self.run(["update", "cash", "110", "--date", "2025-06-01"], environment).code == .ok)
        let text = Self.run(["returns", "cash", "--to", "2025-12-31"], environment).out
        #expect(text.contains("all     £0.00  £0.00  £0.00  £110.00     —"), "\(text)")
        #expect(!text.contains("£110.00  £110.00"))
        let csv = Self.run(["returns", "--to", "2025-12-31", "--format", "csv"], environment).out
        #expect(csv.contains(",0.00,110.00,0.00,0.00,110.00,,"), "\(csv)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["returns", "--to", "2025-12-31", "--format", "json"], environment).out.utf8)) as? [String: Any])
        let row = try #require((json["rows"] as? [[String: Any]])?.first)
        #expect(row["gain"] is NSNull && row["change"] as? String == "110.00")
    }
}

// The JSON export document, made by the kit from a session on every adapter alike (dates
// in ISO 8601 with the local offset, as export writes them).

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import Testing
@testable import PortfolioKit

@Suite struct PortfolioExportTests {
    @Test(arguments: PortfolioBackend.available)
    func theJSONExportHoldsEveryAccountWithItsUpdatesAndMoneyMoved(_ backend: PortfolioBackend) throws {
        let store = try backend.makeStore()
        let portfolio = Portfolio(repository: store)
        try portfolio.add("Saver", "100", at: 1_735_689_600)
        try portfolio.add("Dollars", nil, at: 1_735_776_000, currency: .usd)
        _ = try portfolio.addContribution(named: "Saver", at: 1_738_368_000, withdrawal: true) {
            try Money.parse("12.5", currency: $0)
        }
        _ = try portfolio.close(named: "Dollars", at: 1_740_787_200)
        let text = try store.read { session in try PortfolioExport.json(from: session) }.serialized(pretty: false)
        #expect(text == """
            {"format":"portfolio-export","version":1,"accounts":[\
            {"name":"Dollars","currency":"USD","created":"\(Instant.iso8601(1_735_776_000))","closed":"\(Instant.iso8601(1_740_787_200))","updates":[],"contributions":[]},\
            {"name":"Saver","currency":"GBP","created":"\(Instant.iso8601(1_735_689_600))","closed":null,\
            "updates":[{"date":"\(Instant.iso8601(1_735_689_600))","value":"100.00"}],\
            "contributions":[{"date":"\(Instant.iso8601(1_738_368_000))","amount":"-12.50"}]}]}
            """)
    }
}

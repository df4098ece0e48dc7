// `billsplit -` in text formats its amounts through learnt layouts (MoneyKitFormatting's
// LearnedCurrencyFormat), not one ICU call each: every line must still be what ICU
// writes. The same seeded batch goes through the binary as CSV and as text; each text line
// must equal the line built from the CSV's amounts with Foundation's currency format
// style called directly (the formatting billsplit used before the layouts), in currencies
// with 0, 2 and 3 decimals, huge bills, and locales with other grouping and digits.

import Foundation
import Testing

@Suite struct BillsplitBatchFormattingTests {
    struct Batch: CustomTestStringConvertible, Sendable {
        let currency: String
        let exponent: Int
        let locale: String
        let options: [String]
        var testDescription: String { "\(currency) in \(locale) \(options.joined(separator: " "))" }
    }

    static let batches: [Batch] = [
        Batch(currency: "USD", exponent: 2, locale: "en_US", options: ["--people", "3"]),
        Batch(currency: "JPY", exponent: 0, locale: "ja_JP", options: ["--people", "7"]),
        Batch(currency: "KWD", exponent: 3, locale: "ar_EG", options: ["--weights", "1,2,3"]),
        Batch(currency: "NOK", exponent: 2, locale: "nb_NO", options: ["--people", "4", "--round-up", "5"]),
        Batch(currency: "INR", exponent: 2, locale: "hi_IN", options: ["--people", "2"]),
        Batch(currency: "EUR", exponent: 2, locale: "es_ES", options: ["--people", "5"]),
        Batch(currency: "CHF", exponent: 2, locale: "de_CH", options: ["--weights", "2,1"]),
    ]

    /// Bills per batch: the layouts are learnt per sign and count of digits, and 500
    /// random bills give each of the 15 to 18 lengths about 30 bills (and their tips,
    /// totals and shares), as many as any layout needs to show a wrong digit or separator.
    static let billCount = 500

    /// Bills of every length up to 10^15 major units (so that tip and total still fit),
    /// written with the currency's decimals.
    static func bills(exponent: Int, seed: UInt64) -> [String] {
        var random = BillsplitRandom(seed: seed)
        var bills = ["0", "1", "999", "1000", "999999", "1000000"]
        while bills.count < billCount {
            let digits = random.int(1...(15 + exponent))
            var minorUnits: Int64 = Int64(random.int(1...9))
            for _ in 1..<digits { minorUnits = minorUnits * 10 + Int64(random.int(0...9)) }
            bills.append(BillsplitE2E.plain(minorUnits, exponent: exponent))
        }
        return bills
    }

    @Test(arguments: batches)
    func eachTextLineIsWhatICUWritesForTheCSVAmounts(_ batch: Batch) throws {
        let exponent = batch.exponent
        let input = Self.bills(exponent: exponent, seed: UInt64(batch.currency.unicodeScalars.reduce(0) { $0 * 31 + $1.value }))
            .joined(separator: "\n") + "\n"
        let arguments = ["-", "--currency", batch.currency, "--locale", batch.locale, "--tip", "12.5", "--no-save"] + batch.options
        let sandbox = try Sandbox()
        let text = try BillsplitE2E.run(sandbox, arguments, stdin: input)
        let csv = try BillsplitE2E.run(sandbox, arguments + ["--format", "csv"], stdin: input)
        #expect(text.status == 0 && csv.status == 0, "\(text.stderr) \(csv.stderr)")
        let textLines = text.stdout.split(separator: "\n").map(String.init)
        let records = csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        try #require(textLines.count == Self.billCount && records.count == Self.billCount)
        let format = Decimal.FormatStyle.Currency(code: batch.currency, locale: Locale(identifier: batch.locale))
            .precision(.fractionLength(exponent))
        func shown(_ plain: String) throws -> String {
            let minorUnits = try #require(BillsplitE2E.minorUnits(plain, exponent: exponent), "\(plain)")
            return Decimal(sign: .plus, exponent: -exponent, significand: Decimal(minorUnits.magnitude)).formatted(format)
        }
        var mismatches: [String] = []
        for (line, record) in zip(textLines, records) {
            // currency,bill,tipPercent,tip,extraTip,total,people,shares
            var expected = "\(try shown(record[1])) + \(try shown(record[3])) tip (\(record[2])%)"
            if batch.options.contains("--round-up") { expected += " + \(try shown(record[4])) rounding" }
            let shares = try record[7].split(separator: ";").map { try #require(BillsplitE2E.minorUnits(String($0), exponent: exponent)) }
            var groups: [(count: Int, minorUnits: Int64)] = []
            for share in shares.sorted(by: >) {
                if let last = groups.last, last.minorUnits == share { groups[groups.count - 1].count += 1 } else { groups.append((1, share)) }
            }
            let parts = try groups.map { "\($0.count) × \(try shown(BillsplitE2E.plain($0.minorUnits, exponent: exponent)))" }
            let perPerson = groups.count == 1 ? try shown(BillsplitE2E.plain(groups[0].minorUnits, exponent: exponent))
                : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
            expected += " = \(try shown(record[5])): \(perPerson)"
            if line != expected { mismatches.append("\(line.debugDescription) ≠ \(expected.debugDescription)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) lines differ, e.g. \(mismatches.prefix(3))")
    }
}

// libFuzzer harness for the money parser (Money.parse, DecimalText, Percentage).
// Built by Tests/Fuzz/run.sh against MoneyKit, compiled there with the fuzzer's
// instrumentation. Only a real invariant violation calls fatalError; thrown MoneyErrors
// are expected.

import MoneyKit

private let fuzzCurrencies: [Currency] = ["USD", "JPY", "KWD", "CLF", "NOK", "EUR", "GBP", "CHF"].compactMap {
    Currency(code: $0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let currency = fuzzCurrencies[Int(bytes[0]) % fuzzCurrencies.count]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    if let decimal = try? DecimalText(parsing: text) {
        if !(0...DecimalText.maximumScale).contains(decimal.scale) {
            fatalError("DecimalText(parsing: \(text.debugDescription)) gave scale \(decimal.scale)")
        }
    }

    let percentage = try? Percentage(parsing: text)
    if let percentage {
        // The description must parse back to the same value (trailing zeros are trimmed).
        let description = percentage.description
        guard let again = try? Percentage(parsing: description), again == percentage else {
            fatalError("Percentage \(text.debugDescription) -> \(description.debugDescription) does not parse back")
        }
        _ = percentage.isWithin(0...100)
    }

    guard let money = try? Money.parse(text, currency: currency) else { return 0 }

    // Round trip: the plain string parses back to the same amount.
    let plain = money.plainString
    do {
        let again = try Money.parse(plain, currency: currency)
        if again != money {
            fatalError("round trip: \(text.debugDescription) -> \(money) -> \(plain.debugDescription) -> \(again)")
        }
    } catch {
        fatalError("round trip: \(text.debugDescription) -> \(money) -> \(plain.debugDescription) threw \(error)")
    }
    // With the currency code in front, too.
    if let again = try? Money.parse(currency.code + " " + plain, currency: currency), again != money {
        fatalError("round trip with code: \(text.debugDescription) -> \(money) -> \(again)")
    }

    // Percentages never trap; a percentage of itself is 100% when defined.
    _ = try? money.percentage(of: money)
    if let percentage {
        _ = try? money.percentage(percentage)
    }
    _ = try? money.roundedForCash()

    // Splitting never traps and the shares sum to the amount.
    let count = Int(bytes[0] % 20) + 1
    for n in Set([1, count, 20]) {
        let shares: [Money]
        do {
            shares = try money.split(into: n)
        } catch {
            fatalError("split(into: \(n)) of \(money) threw \(error)")
        }
        if shares.count != n { fatalError("split(into: \(n)) of \(money) gave \(shares.count) shares") }
        var sum: Int64 = 0
        for share in shares {
            if share.currency != currency { fatalError("split changed currency: \(share)") }
            let (next, overflow) = sum.addingReportingOverflow(share.minorUnits)
            if overflow { fatalError("split(into: \(n)) of \(money): shares overflow when summed: \(shares)") }
            sum = next
        }
        if sum != money.minorUnits {
            fatalError("split(into: \(n)) of \(money): shares \(shares) sum to \(sum) minor units")
        }
        let magnitudes = shares.map(\.minorUnits.magnitude)
        if let low = magnitudes.min(), let high = magnitudes.max(), high - low > 1 {
            fatalError("split(into: \(n)) of \(money): uneven shares \(shares)")
        }
    }
    return 0
}

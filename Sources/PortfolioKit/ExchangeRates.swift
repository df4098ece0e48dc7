// The rates of a --convert-to view: fixed rates (--rate USD=0.79: 1 USD = 0.79 of the
// target, at every date) and dated ones (a rates file: the rate in force at an instant
// is the latest dated at or before it). A fixed rate of a currency wins over its dated
// ones. Nothing is ever converted implicitly: a currency with no rate at an instant is
// an error naming the currency and the date.

import MoneyKit

/// The rates of a --convert-to view, into one target currency.
public struct ExchangeRates: Sendable {
    /// The currency everything is converted to.
    public let target: Currency
    private var fixed: [Currency: DecimalText] = [:]
    private var dated: [Currency: [(at: Int64, rate: DecimalText)]] = [:]

    /// No rates yet, into `target`.
    public init(target: Currency) { self.target = target }

    /// A rate as typed (`0.79`): an exact decimal above zero, nil otherwise.
    public static func rate(_ text: String) -> DecimalText? {
        guard let rate = try? DecimalText(parsing: text), rate.significand > 0 else { return nil }
        return rate
    }

    /// 1 `currency` = `rate` of the target, at every date.
    public mutating func setFixed(_ currency: Currency, rate: DecimalText) { fixed[currency] = rate }

    /// 1 `currency` = `rate` of the target from `at` on (until a later dated rate). Returns
    /// false when `currency` already has a different rate at exactly `at`.
    public mutating func addDated(_ currency: Currency, at: Int64, rate: DecimalText) -> Bool {
        var list = dated[currency, default: []]
        let index = list.firstIndex { $0.at > at } ?? list.count
        if index > 0, list[index - 1].at == at { return list[index - 1].rate == rate }
        list.insert((at, rate), at: index)
        dated[currency] = list
        return true
    }

    /// The rate of `currency` in force at `instant` (1 for the target itself).
    /// - Throws: `PortfolioError.missingRate` when there is none.
    public func rate(for currency: Currency, at instant: Int64) throws(PortfolioError) -> DecimalText {
        if currency == target { return DecimalText(significand: 1, scale: 0) }
        if let rate = fixed[currency] { return rate }
        if let list = dated[currency] {
            let later = list.partitionPoint(where: { $0.at > instant })
            if later > 0 { return list[later - 1].rate }
        }
        throw .missingRate(currency: currency, target: target, at: instant)
    }

    /// `minorUnits` of `currency` in the target at the rate in force at `instant`.
    /// - Throws: `PortfolioError.missingRate`, `.conversionOutOfRange`.
    public func convert(_ minorUnits: Int64, from currency: Currency, at instant: Int64) throws(PortfolioError) -> Int64 {
        try CurrencyConversion.convert(minorUnits, from: currency, to: target, rate: rate(for: currency, at: instant))
    }

    /// The sum in the target of `values` (each in its currency) at `instant`: each
    /// converted (rounded once), then added exactly.
    /// - Throws: `PortfolioError.missingRate`, `.conversionOutOfRange`, `.totalOutOfRange` (of the target).
    public func total(_ values: [(value: Int64, currency: Currency)], at instant: Int64) throws(PortfolioError) -> Int64 {
        var sum = CheckedSum()
        for item in values { sum.add(try convert(item.value, from: item.currency, at: instant)) }
        return try PortfolioTotal.require(sum, currency: target)
    }

    /// The instants at which a dated rate of one of `currencies` (other than the target,
    /// and without a fixed rate) takes effect, in order: where a converted line can change.
    public func changes(of currencies: [Currency]) -> [Int64] {
        Set(currencies.filter { $0 != target && fixed[$0] == nil }.flatMap { dated[$0]?.map(\.at) ?? [] }).sorted()
    }
}

// How tillcount words the errors of counting coins by weight (--grams, --tare).

import MoneyKit
import MoneyKitCLI
import TillKit

enum WeightErrorMessages {
    /// The message, hint and exit code of a count-by-weight error (any other error of
    /// TillKit is worded in TillErrorMessages.swift and never reaches here).
    static func cliError(_ error: TillError) -> CLIError {
        switch error {
        case .weightNeedsLooseCoin(let token, let label, let kind):
            guard kind == .roll else {
                // Where a coin shares the note's value (the US $1), the coin is coin:VALUE.
                let coinToken = "coin:" + (token.split(separator: ":", maxSplits: 1).last.map(String.init) ?? token)
                return .usage(
                    "--grams counts loose coins, and \(token) is a note (\(label))",
                    hint: label.hasSuffix(" note") ? "weigh the coin as \(coinToken), or count notes by number: TOKEN=QTY" : "count notes by number: TOKEN=QTY")
            }
            // The coin of the roll, for the hint: roll:0.25 → 0.25.
            let coin = token.split(separator: ":", maxSplits: 1).last.map(String.init) ?? token
            return .usage(
                "--grams counts loose coins, and \(token) is a roll (\(label))",
                hint: "weigh its coins as loose ones (tillcount set \(coin) --grams GRAMS), or count rolls by number")
        case .invalidWeight(let option, let text):
            return invalidWeight(option: option, text: text)
        case .tareExceedsWeight(let grams, let tare):
            return .data("the tare (\(tare) g) is heavier than the weight (\(grams) g)")
        case .noCoinWeight(let label, let token, let currency):
            return CLIError(
                "no weight is known for the \(label) coin in \(currency.code), so it cannot be counted by weight",
                hint: """
                    give its weight in the denominations file, e.g. \"\(currency.code)\": \
                    {\"weights\": [{\"coin\": \"\(token)\", \"grams\": \"5.00\"}]} (see FILES in \
                    tillcount(1)), or count it by number
                    """,
                exitCode: .noInput)
        case .weightNotWhole(let grams, let label, let perCoin, let tolerance, let below, let above):
            func weight(_ count: Int64) -> String {
                let (milligrams, overflow) = count.multipliedReportingOverflow(by: perCoin)
                return overflow ? "?" : MassText.grams(milligrams)
            }
            func coins(_ count: Int64) -> String { count == 1 ? "1 coin" : "\(count) coins" }
            return .data(
                """
                    \(grams) g is not a whole number of \(label) coins (\(MassText.grams(perCoin)) g \
                    each): it is between \(coins(below)) (\(weight(below)) g) and \(coins(above)) \
                    (\(weight(above)) g)
                    """,
                hint: """
                    a weight must be within ±\(MassText.grams(tolerance)) g of a whole count (2% of \
                    its weight, at most a quarter coin); weigh again, or fewer coins at a time
                    """)
        default:
            return CLIError.from(error)
        }
    }

    /// Why `text` is no weight, as MassText's reading (the amounts' notation rule) says:
    /// "5,000" could be 5000 g or 5 g, and the hint names both.
    static func invalidWeight(option: String, text: String) -> CLIError {
        let expected = "expected grams such as 310 or 310.5 (at most 3 decimals, up to \(MassText.grams(MassText.largestMilligrams)) g)"
        let error: MoneyError
        do throws(MoneyError) {
            _ = try MassText.read(text)
            return .data("invalid weight '\(text)' for \(option): \(expected)")
        } catch let refusal {
            error = refusal
        }
        switch error {
        case .ambiguousSeparator(_, _, _, let mark, _):
            return .data("invalid weight '\(text)' for \(option): the '\(mark)' could separate thousands or decimals", hint: error.hint)
        case .invalidAmount(_, let reason):
            return .data("invalid weight '\(text)' for \(option): \(reason); \(expected)")
        default:
            return .data("invalid weight '\(text)' for \(option): \(expected)")
        }
    }
}

// TOKEN --grams G [--tare G] on set, add, sub and total: one loose coin counted from its
// weight (the rule is TillKit's CountByWeight).

import MoneyKit
import MoneyKitCLI
import TillKit

struct WeighedCoins {
    let arguments: ParsedArguments

    /// The coin named by the one TOKEN and how many the weight makes, or nil without --grams.
    /// - Throws: `CLIError.usage` for --tare without --grams, --grams with --value, or not
    ///   exactly one TOKEN without =QTY; what parsing the token and weighing throw.
    func request(set: DenominationSet, currency: Currency) throws -> (request: Till.QuantityRequest, weighing: CountByWeight.Weighing)? {
        guard let grams = arguments.text(TillcountSpec.grams) else {
            if arguments.text(TillcountSpec.tare) != nil {
                throw CLIError.usage("--tare goes with --grams", hint: "e.g. tillcount set 0.20 --grams 362 --tare 52", commandPath: arguments.commandPath)
            }
            return nil
        }
        if arguments.text(TillcountSpec.value) != nil {
            throw CLIError.usage("--grams and --value cannot be given together", commandPath: arguments.commandPath)
        }
        let words = arguments.arguments("TOKEN")
        guard words.count == 1, !words[0].contains("=") else {
            throw CLIError.usage("--grams goes with exactly one TOKEN and no =QTY", hint: "e.g. tillcount set 0.20 --grams 310", commandPath: arguments.commandPath)
        }
        let item = try DenominationToken.parse(words[0], set: set, currency: currency)
        let weighing = try CountByWeight.count(
            of: item, token: words[0], grams: grams, tare: arguments.text(TillcountSpec.tare), set: set, currency: currency)
        return (Till.QuantityRequest(token: words[0], item: item, quantity: weighing.count), weighing)
    }

    /// What a weighing came to, for standard error: "310 g: 62 × 20p (5 g each)".
    static func describe(_ weighing: CountByWeight.Weighing) -> String {
        "\(MassText.grams(weighing.netMilligrams)) g: \(weighing.count) × \(weighing.coinLabel) (\(MassText.grams(weighing.perCoinMilligrams)) g each)"
    }
}

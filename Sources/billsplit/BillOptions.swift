// The settings of one run: each from the command line, else the remembered preferences,
// else the built-in default (BillKit's rules), checked in this order with a message that
// names the option or the file. The locale for people's formatting is checked here, as
// only ICU knows the locales.

// Not the whole of Foundation: see MoneyKitFormatting's CurrencyFormatterCache.
#if canImport(FoundationInternationalization)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif
import BillKit
import MoneyKit
import MoneyKitCLI

struct BillOptions {
    var currency: Currency
    var tip: Percentage
    var people: Int
    /// Given with `--people Alice,Bob`: one per person, naming the shares.
    var names: PeopleNames?
    /// Given with --weights: one per person.
    var weights: [Int64]?
    var roundUpText: String?
    /// Where amounts are formatted for people; nil: the currency's display locale.
    var localeIdentifier: String?
    /// What the command line gave for one bill, to be remembered (nil: not given).
    var remembered: PreferencesChange
    /// Tax, tip base, fixed tip and total rounding (BillAdjustmentOptions.swift).
    var adjustments = BillAdjustments()

    static func resolve(_ invocation: Invocation, saved: SavedSettings) throws -> BillOptions {
        let arguments = invocation.arguments
        do {
            let givenCurrency = try arguments.value(BillsplitOptions.currency)
            let currency = try givenCurrency ?? saved.currency() ?? LocaleCurrency.defaultCurrency(invocation.environment)
            let givenTip = try arguments.value(BillsplitOptions.tip)
            let tip = try givenTip ?? saved.tip() ?? BillRules.defaultTip
            let givenNamesOrCount = try PeopleGiven.resolve(arguments)
            let givenPeople = givenNamesOrCount?.count
            var people = givenPeople ?? saved.people ?? BillRules.defaultPeople
            let weights = try arguments.value(BillsplitOptions.weights)
            if let weights { people = try BillRules.people(weights: weights, givenPeople: givenPeople) }
            var options = BillOptions(
                currency: currency, tip: tip, people: people, names: givenNamesOrCount?.names, weights: weights,
                roundUpText: try arguments.value(BillsplitOptions.roundUp),
                localeIdentifier: try formattingLocale(
                    arguments.value(BillsplitOptions.locale), environment: invocation.environment, commandPath: arguments.commandPath),
                remembered: PreferencesChange.afterSplit(
                    currency: givenCurrency, tip: givenTip, people: givenPeople))
            options.adjustments = try adjustments(arguments, currency: currency)
            return options
        } catch let error as BillError {
            throw error.cliError(commandPath: arguments.commandPath)
        }
    }

    /// The names of the shares (--people Alice,Bob), or none.
    var shareNames: [String] { names?.names ?? [] }

    /// The weights of the split: given, or one each.
    var splitWeights: [Int64] { weights ?? Array(repeating: 1, count: people) }

    /// The rounding unit in this currency, checked.
    func roundUpUnit(commandPath: [String]) throws(CLIError) -> Money? {
        guard let text = roundUpText else { return nil }
        do throws(BillError) {
            return try BillRules.roundUpUnit(text, currency: currency)
        } catch {
            throw error.cliError(commandPath: commandPath)
        }
    }

    static func formattingLocale(_ option: String?, environment: [String: String], commandPath: [String]) throws(CLIError) -> String? {
        guard let option else { return nil }
        if option == "user" { return LocaleCurrency.localeIdentifier(environment) }
        let identifier = option.replacing("-", with: "_")
        guard Locale(identifier: identifier).language.languageCode != nil,
            Locale.availableIdentifiers.contains(identifier) || Locale.availableIdentifiers.contains(String(identifier.prefix { $0 != "_" }))
        else {
            throw CLIError.usage("unknown locale '\(option)'", hint: "use an identifier such as en_US, nb_NO or de_DE, or 'user'", commandPath: commandPath)
        }
        return identifier
    }
}

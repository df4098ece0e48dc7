// The settings of one run, from the command line, the remembered preferences and the
// locale, each checked with a message that names the option.

// Not the whole of Foundation: see MoneyKitFormatting's CurrencyFormatterCache.
#if canImport(FoundationInternationalization)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif
import MoneyKit
import MoneyKitCLI

struct BillOptions {
    var currency: Currency
    var tip: Percentage
    var people: Int
    /// Given with --weights: one per person.
    var weights: [Int64]?
    var roundUpText: String?
    /// Where amounts are formatted for people; nil: the currency's display locale.
    var localeIdentifier: String?

    static func resolve(_ invocation: Invocation, preferences: Preferences, preferencesPath: String) throws -> BillOptions {
        let arguments = invocation.arguments
        let path = arguments.commandPath
        // A bad saved value is bad data in the preferences file (65), not a usage error.
        func savedValueError(_ what: String, _ value: String) -> CLIError {
            CLIError.data("\(preferencesPath) holds an invalid \(what) '\(value)'; it was left untouched",
                          hint: "fix it, or forget the preferences with 'billsplit prefs --reset'")
        }
        let currency: Currency
        if let code = arguments.value("currency") {
            currency = try CurrencyOption.parse(code, commandPath: path)
        } else if let saved = preferences.currency {
            guard let known = Currency(code: saved) else { throw savedValueError("currency", saved) }
            currency = known
        } else {
            currency = LocaleCurrency.defaultCurrency(invocation.environment)
        }
        let tip: Percentage
        if let given = arguments.value("tip") {
            tip = try parseTip(given, commandPath: path)
        } else if let saved = preferences.tipPercent {
            guard let valid = Percentage.parseTipText(saved) else { throw savedValueError("tip", saved) }
            tip = valid
        } else {
            tip = try parseTip(Preferences.defaultTip, commandPath: path)
        }
        var people = Int(try arguments.integer("people", in: Preferences.peopleRange) ?? Int64(preferences.people ?? Preferences.defaultPeople))
        if !Preferences.peopleRange.contains(Int64(people)) { people = Preferences.defaultPeople }
        var weights: [Int64]?
        if let text = arguments.value("weights") {
            let parsed = try parseWeights(text, commandPath: path)
            if arguments.value("people") != nil, parsed.count != people {
                throw CLIError.usage("--people \(people) and \(parsed.count) weights disagree", hint: "give one weight per person, or leave out --people", commandPath: path)
            }
            weights = parsed
            people = parsed.count
        }
        return BillOptions(
            currency: currency, tip: tip, people: people, weights: weights, roundUpText: arguments.value("round-up"),
            localeIdentifier: try formattingLocale(arguments.value("locale"), environment: invocation.environment, commandPath: path))
    }

    /// The weights of the split: given, or one each.
    var splitWeights: [Int64] { weights ?? Array(repeating: 1, count: people) }

    /// The rounding unit in this currency, checked.
    func roundUpUnit(commandPath: [String]) throws(CLIError) -> Money? {
        guard let text = roundUpText else { return nil }
        let unit: Money
        do {
            unit = try Money.parse(text, currency: currency)
        } catch {
            throw CLIError.usage("invalid --round-up: \(error)", hint: error.hint, commandPath: commandPath)
        }
        guard unit.minorUnits > 0 else {
            throw CLIError.usage("invalid --round-up '\(text)': the unit must be more than 0", commandPath: commandPath)
        }
        return unit
    }

    /// A tip: 0 to 50, at most two decimals, an optional % sign.
    static func parseTip(_ text: String, commandPath: [String]) throws(CLIError) -> Percentage {
        let tip: Percentage
        do {
            tip = try Percentage(parsing: text)
        } catch {
            throw CLIError.usage("invalid --tip '\(text)': expected a percentage such as 15 or 12.5", commandPath: commandPath)
        }
        guard tip.value.scale <= 2 else {
            throw CLIError.usage("invalid --tip '\(text)': at most two decimals", commandPath: commandPath)
        }
        guard tip.isWithin(Preferences.tipRange) else {
            throw CLIError.usage("invalid --tip '\(text)': must be from 0 to 50", commandPath: commandPath)
        }
        return tip
    }

    static func parseWeights(_ text: String, commandPath: [String]) throws(CLIError) -> [Int64] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        var weights: [Int64] = []
        for part in parts {
            guard let weight = Int64(part), weight >= 0, weight <= 1_000_000 else {
                throw CLIError.usage("invalid --weights '\(text)': '\(part)' is not a whole number from 0 to 1000000", commandPath: commandPath)
            }
            weights.append(weight)
        }
        guard Preferences.peopleRange.contains(Int64(weights.count)) else {
            throw CLIError.usage("invalid --weights '\(text)': give 1 to 20 weights, one per person", commandPath: commandPath)
        }
        guard weights.contains(where: { $0 > 0 }) else {
            throw CLIError.usage("invalid --weights '\(text)': at least one weight must be more than 0", commandPath: commandPath)
        }
        return weights
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

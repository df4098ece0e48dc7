// What billsplit's screen edits, and how each key changes it: a reducer, (state, key) →
// (state, effects), tested in process (ScreenReducer, the shape of every screen). It runs
// no command: nothing is kept until the screen is left (SplitScreen.run). The bill and the
// custom tip are text fields read by the parsers of --amount and --tip (BillEntry): a
// character typed is never dropped, and a refusal is on the screen for as long as the
// field holds it (issue 26, item 2).

import BillKit
import MoneyKit
import MoneyKitCLI

struct SplitScreenState: Equatable, ScreenReducer {
    /// The bill as typed.
    var bill = ScreenField()
    /// Index into the presets; `presets.count` means the custom tip.
    var tipIndex: Int
    /// The custom tip as typed.
    var customTip: ScreenField
    var people: Int
    var currency: Currency
    var editingCustomTip = false
    /// The custom tip before `c` started a new one, kept for Esc or an empty entry.
    var previousCustomTip = ScreenField()
    /// The currency code being typed after `$`; nil when the field is closed.
    var currencyCode: String?
    /// A note for the last key only (a full field, a currency code refused).
    var note = ""
    /// Set by the Enter that leaves: the card is printed once the screen is gone.
    var printsCard = false

    var presets: [Int64] { BillRules.tipPresets }
    var usesCustomTip: Bool { tipIndex == presets.count }

    /// The keys that are commands (q, c, +, -, $); any other character typed goes into the
    /// open field (the bill, or the custom tip after c), whatever it is: its parser decides
    /// what it means, and the screen shows a refusal, never dropping a character.
    static let commandKeys: Set<Character> = ["q", "Q", "c", "C", "+", "-", "$"]

    /// Applies `key`: the screen is drawn again, or left (the card printed when
    /// `printsCard`).
    mutating func handle(_ key: Key) -> [ScreenEffect<Never>] {
        note = ""
        if currencyCode != nil {
            if key == .interrupt { return [.quit] }
            editCurrencyCode(key)
            return [.redraw]
        }
        switch key {
        case .character(let character) where !Self.commandKeys.contains(character):
            // Whatever is typed goes into the open field, for its parser to judge.
            type(key, into: editingCustomTip ? \.customTip : \.bill)
        case .backspace, .delete:
            type(key, into: editingCustomTip ? \.customTip : \.bill)
        case .escape where editingCustomTip:
            customTip = previousCustomTip
            editingCustomTip = false
        case .character("q"), .character("Q"), .escape, .interrupt:
            return [.quit]
        case .enter:
            if editingCustomTip {
                if customTip.text.isEmpty { customTip = previousCustomTip }
                // A refused tip stays open, its refusal on the screen.
                if case .refused = BillEntry.customTip(customTip.text) { return [.redraw] }
                editingCustomTip = false
                return [.redraw]
            }
            printsCard = true
            return [.quit]
        case .left: tipIndex = max(0, tipIndex - 1)
        case .right: tipIndex = min(presets.count, tipIndex + 1)
        case .character("c"), .character("C"):
            // Typing replaces the custom tip; Esc (or Enter on nothing) keeps the old one.
            tipIndex = presets.count
            if !editingCustomTip { previousCustomTip = customTip }
            customTip = ScreenField()
            editingCustomTip = true
        case .character("+"), .up: people = min(Int(BillRules.peopleRange.upperBound), people + 1)
        case .character("-"), .down: people = max(Int(BillRules.peopleRange.lowerBound), people - 1)
        case .tab: currency = BillRules.nextAppCurrency(after: currency)
        case .character("$"):
            editingCustomTip = false
            currencyCode = ""
        default:
            break
        }
        return [.redraw]
    }

    /// The screen runs no command (nothing is kept until it is left)…
    typealias Command = Never
    /// …so no outcome ever comes back.
    typealias Outcome = Never

    mutating func handle(_ outcome: Never) -> [ScreenEffect<Never>] {}

    private mutating func type(_ key: Key, into field: WritableKeyPath<SplitScreenState, ScreenField>) {
        if self[keyPath: field].apply(key) == .full { note = ScreenField.fullMessage }
    }

    /// A key while the currency code field is open: letters fill it, Enter takes the code
    /// (an unknown or withdrawn one is refused with a message and the field stays open),
    /// Esc closes it keeping the currency.
    private mutating func editCurrencyCode(_ key: Key) {
        let field = currencyCode ?? ""
        switch key {
        case .escape: currencyCode = nil
        case .backspace, .delete: currencyCode = String(field.dropLast())
        case .enter:
            do throws(MoneyError) {
                currency = try CurrencyCodeEntry.currency(field)
                currencyCode = nil
            } catch {
                note = field.isEmpty ? "Type a currency code such as EUR" : "\(error)"
            }
        case .character(let character):
            switch CurrencyCodeEntry.code(field, typing: character) {
            case .success(let text): currencyCode = text
            case .failure(.full): note = "A currency code has \(CurrencyCodeEntry.codeLength) letters"
            case .failure(.notALetter): note = "A currency code is letters, such as EUR"
            }
        default: break
        }
    }

    /// The tip the screen applies: the preset, or the custom tip when it reads.
    var tip: Percentage? {
        usesCustomTip ? BillEntry.customTip(customTip.text).value : Percentage(presets[tipIndex])
    }

    /// The bill as --amount would read it.
    var billReading: BillEntry.Reading<Money, MoneyError> { BillEntry.bill(bill.text, currency: currency) }

    /// What the screen says under the card: the note of the last key, else the refusal of
    /// a field (the bill in this currency, the custom tip), as the options word it.
    var message: String {
        if !note.isEmpty { return note }
        if case .refused(let error) = billReading {
            return "\(error)" + (error.hint.map { " · " + $0 } ?? "")
        }
        if usesCustomTip, case .refused(let error) = BillEntry.customTip(customTip.text) {
            return "custom tip: " + Self.tipRefusal(error)
        }
        return ""
    }

    /// Why the custom tip does not read, in the words of --tip.
    static func tipRefusal(_ error: BillError) -> String {
        guard case let .invalidTip(text, problem) = error else { return "\(error)" }
        switch problem {
        case .notAPercentage: return "'\(text)' is not a percentage such as 15 or 12.5"
        case .tooManyDecimals: return "'\(text)' has more than two decimals"
        case .outOfRange: return "'\(text)' is not from \(BillsplitSpec.range(BillRules.tipRange)) %"
        }
    }
}

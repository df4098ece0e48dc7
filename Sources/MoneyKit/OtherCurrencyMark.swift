// Amounts written in another currency than the one they are read in (issue 26, item 34):
// `€11700` or `11.700,00 €` for a GBP account, `£20` on a EUR till. They are refused
// naming both currencies, never read as ours and never blamed on their separators.
//
// A mark is a currency's ISO code (any letter case) or one of the symbols CurrencySymbols
// lists for it. Many symbols are shared (`$`, `kr`, `£`, `¥`, `Rs`): one the currency being
// read also writes is its own (`$5` for CAD, `kr 5` for SEK); one it does not write is
// another currency's, named by all the currencies that write it.

extension Money {
    /// The refusal of `text` when it is an amount written with a code or symbol of another
    /// currency than `currency`: the mark before the number (`€5`, `EUR -5`, `kr20`) or
    /// after it (`5 €`, `11.700,00 €`, `5 EUR`; a mark of letters after the number is
    /// separated from it by a space, so that `50p` and `5rp` are not pesos and rupiah).
    /// Nil when no such mark is there, or when the mark is also one of `currency`'s own.
    /// Money.parse throws it when it cannot read `text`; a reader with its own grammar
    /// (a till's denomination tokens) asks it for its message.
    public static func otherCurrencyError(_ text: String, currency: Currency) -> MoneyError? {
        guard let (mark, owners) = otherCurrencyMark(in: text, currency: currency) else { return nil }
        let trimmed = text.trimmingWhitespace()
        if owners.count == 1, owners[0] == mark.uppercased() {
            return .invalidAmount(input: trimmed, reason: "it is in \(owners[0]), but the amount is in \(currency.code)")
        }
        let named = owners.count <= 4 ? Self.listed(owners) : owners.prefix(3).joined(separator: ", ") + " and \(owners.count - 3) other currencies"
        return .invalidAmount(input: trimmed, reason: "\(mark) is the symbol of \(named), but the amount is in \(currency.code)")
    }

    /// "GBP", "DKK or SEK", "DKK, ISK, NOK or SEK".
    private static func listed(_ codes: [String]) -> String {
        guard codes.count > 1, let last = codes.last else { return codes.first ?? "" }
        return codes.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The other currency's mark in `text` and the codes of the currencies that write it
    /// (never including `currency`), or nil.
    static func otherCurrencyMark(in text: String, currency: Currency) -> (mark: String, owners: [String])? {
        let plain = WrittenAmount.plainSpaces(withoutInvisibleMarks(text.trimmingWhitespace()))
        var rest = Substring(plain)
        if let first = rest.first, first == "-" || first == "+" || first == "\u{2212}" { rest.removeFirst() }
        let spaces: Set<Character> = [" "]
        func isNumberStart(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isASCII && (character.isNumber || character == "." || character == ",")
        }
        for (mark, owners) in CurrencySymbols.marksLongestFirst where !owners.contains(currency.code) {
            // Before the number: "€5", "EUR 5", "CHF-5", "kr20".
            if rest.count > mark.count, Self.matches(rest.prefix(mark.count), mark) {
                var after = rest.dropFirst(mark.count).drop { spaces.contains($0) }
                if let sign = after.first, sign == "-" || sign == "\u{2212}" { after = after.dropFirst() }
                if isNumberStart(after.first) { return (String(rest.prefix(mark.count)), owners) }
            }
            // After the number: "5 €", "11.700,00 €", "5 EUR", "5€".
            if rest.count > mark.count, Self.matches(rest.suffix(mark.count), mark) {
                let before = rest.dropLast(mark.count)
                let spaced = before.last.map { spaces.contains($0) } ?? false
                let number = before.reversed().drop { spaces.contains($0) }
                let lettersOnly = mark.allSatisfy(\.isLetter)
                if let last = number.first, last.isASCII, last.isNumber, spaced || !lettersOnly || mark.count == 3 {
                    return (String(rest.suffix(mark.count)), owners)
                }
            }
        }
        return nil
    }

    /// Codes match in any letter case; a symbol of letters of two or more in any case too
    /// ("KR", "kr"); any other symbol exactly.
    static func matches(_ written: Substring, _ mark: String) -> Bool {
        if written == mark { return true }
        guard mark.count >= 2, mark.allSatisfy(\.isLetter) else { return false }
        return written.uppercased() == mark.uppercased()
    }
}

extension Currency {
    /// Whether `mark` is a code or symbol of other currencies only: `£` or `kr` for EUR,
    /// `CHF` for EUR; not `$` for CAD (shared with ours), nor a mark no currency has.
    public func isOtherCurrencyMark(_ mark: String) -> Bool {
        let entries = CurrencySymbols.marksLongestFirst.filter { Money.matches(mark[...], $0.mark) }
        return !entries.isEmpty && !entries.contains { $0.owners.contains(code) }
    }
}

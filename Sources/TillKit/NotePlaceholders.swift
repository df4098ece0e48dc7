// The app's insert buttons for notes, as placeholders filled in when a line is added:
// {time} the time now, {total} the count's total, {discrepancy} the deposit or shortage.

import MoneyKit
import MoneyKitFormatting

/// The placeholders of a note line: `{time}`, `{total}`, `{discrepancy}`.
public enum NotePlaceholders {
    /// `text` with every placeholder replaced: `time` as given, amounts formatted for people
    /// ("deposit £57.00", "short by £3.00").
    public static func fill(_ text: String, summary: TillSummary, time: String) -> String {
        let discrepancy: String
        switch summary.standing {
        case .deposit(let amount): discrepancy = "deposit \(amount.formatted())"
        case .short(let amount): discrepancy = "short by \(amount.formatted())"
        }
        return text
            .replacingEvery("{time}", with: time)
            .replacingEvery("{total}", with: summary.total.formatted())
            .replacingEvery("{discrepancy}", with: discrepancy)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

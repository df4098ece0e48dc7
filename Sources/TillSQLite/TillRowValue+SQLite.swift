// A SQLite column's value as TillKit's row readers take it (SavedLines, SavedCountRow).

import MoneyKitSQLite
import TillKit

extension TillRowValue {
    /// `value` as TillKit reads it.
    init(_ value: SQLiteValue) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .null: self = .null
        }
    }
}

// The counting screen's header: the tool, the till it counts (a name from a user, so
// escaped), the currency and the keys. On a narrow terminal the keys give way first, then
// the till's name shrinks with "…"; the currency code is never cut (issue 26, item 38).

import MoneyKit
import MoneyKitCLI
import TillKit

enum CountScreenHeader {
    /// The keys, after the currency.
    static let keys = " · ↑/↓ move  +/- change  0-9 type  f float  s save  u undo  q quit"

    /// The header of till `till` counted in `currency`, fitted to `width` columns.
    static func line(till: TillName, currency: Currency, width: Int, styler: Styler) -> String {
        let lead = "tillcount  "
        let code = " · " + currency.code
        let name = till.display.terminalSafe
        let room = width - DisplayWidth.of(lead) - DisplayWidth.of(code)
        let shownName = DisplayWidth.of(name) <= room ? name : DisplayWidth.truncate(name, to: max(1, room))
        let left = width - DisplayWidth.of(lead) - DisplayWidth.of(shownName) - DisplayWidth.of(code)
        // A cut list of keys is still worth its first keys; two columns of it are not.
        let shownKeys = DisplayWidth.of(keys) <= left ? keys : left >= 8 ? DisplayWidth.truncate(keys, to: left) : ""
        return styler.bold("tillcount") + "  " + shownName + styler.dim(code + shownKeys)
    }
}

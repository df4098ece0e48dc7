// A live count is checked before it is stored, with the loader's own invariants: every
// adapter's change (JSON file, PostgreSQL, in memory) reads the new state back through
// the loader (TillState(storedContent:version:), which also reads each undo step) before
// it keeps it. A change that would leave a count every later command refuses (a float
// that makes the expected cash overflow with a sale recorded, once) is refused itself,
// and nothing is stored: the store stays readable for everyone who shares it.

import MoneyKitStorage

extension TillState {
    /// Throws unless the loader would read this state back: the same checks, by the same
    /// function, as every load makes (see the top of this file).
    /// - Throws: `TillError.changeWouldBreakStore`, naming the broken rule.
    public func checkStorable() throws(TillError) {
        do {
            _ = try TillState(storedContent: storedContent, version: Self.formatVersion)
        } catch {
            throw .changeWouldBreakStore(reason: error.message)
        }
    }
}

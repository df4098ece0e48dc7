// tally tap on a counter that does not exist: on a terminal it asks whether to create it
// (with the defaults of 'tally new NAME') and then opens it; not on a terminal, or when the
// answer is no, the usual error (no such counter, exit 66) and nothing is created.

import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitStorage
import TallyKit

extension TapScreen {
    /// The counter `name` names; when there is none and this is a terminal, the one
    /// created on the user's yes.
    /// - Throws: `TallyError.notFound` when there is no such counter and it is not created
    ///   (no terminal, or the answer was not yes); what `Tally.create` throws.
    func counterOrOfferToCreate(_ name: String) throws -> Counter {
        do {
            return try commands.tally.counter(named: name)
        } catch let missing as any Error {
            // No such counter, or (on a terminal) no store yet where the user named one.
            let isNotFound = if case TallyError.notFound = missing { true } else { false }
            let noStoreYet = (missing as? StoreError)?.isNamedStoreMissing ?? false
            guard isNotFound || noStoreYet, commands.invocation.terminal.isInteractive else { throw missing }
            let invocation = commands.invocation
            invocation.err.write("No counter named '\(name.terminalSafe)'. Create it? [y/N] ")
            invocation.err.flush()
            let answer = (invocation.input.readLine() ?? "").lowercased()
            guard answer == "y" || answer == "yes" else { throw missing }
            let created = try commands.tally.create(name: name)
            return try commands.tally.counter(named: created)
        }
    }
}

// Every TillKit error as tillcount words it: message, hint and exit code, in one place.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

extension TillError {
    /// The error as the command line reports it.
    var cliError: CLIError {
        switch self {
        case .invalidDenomination(let token, let currency):
            // £20 on a EUR till: name both currencies (roll:£2 too).
            let value = token.split(separator: ":", maxSplits: 1).last.map(String.init) ?? token
            if case .invalidAmount(_, let reason)? = Money.otherCurrencyError(value, currency: currency) {
                return .data("invalid denomination '\(token)': \(reason)", hint: """
                    the till counts \(currency.code); see 'tillcount denominations' for its tokens
                    """)
            }
            return .data(
                "invalid denomination '\(token)': expected a face value such as 20 or 0.50, or roll:0.25",
                hint: "see 'tillcount denominations' for the tokens of \(currency.code)")
        case .unknownDenomination(let token, let kind, let currency, let known):
            let what: String
            switch kind {
            case .roll?: what = "no coin roll"
            case let explicit?: what = "no \(explicit.rawValue)"
            case nil: what = "no note or coin"
            }
            let hint = Suggestions.closest(to: token, among: known).map { "did you mean '\($0)'?" }
                ?? "see 'tillcount denominations --currency \(currency.code)' for the tokens"
            // A token the set does not have is bad input (65), not a missing file (66).
            return CLIError("\(what) '\(token)' in \(currency.code)", hint: hint, exitCode: .dataError)
        case .noRollSize(let label, let currency, let rollNote):
            // The label says "coin" itself where a note shares the value ("$1 coin").
            return CLIError(
                "no roll size is known for the \(label.hasSuffix(" coin") ? label : label + " coin") in \(currency.code)",
                hint: (rollNote.map { $0 + " " } ?? "") + "Define one in the denominations file (see FILES in tillcount(1)).",
                exitCode: .noInput)
        case .rollNoLongerDefined(let quantity, let token):
            return .data(
                "the live count holds \(quantity) × \(token), but no roll size is defined for it any more",
                hint: "define the roll again in the denominations file (see FILES in tillcount(1)), or clear the count")
        case .countTooLarge(let reason):
            return .data("the count is too large: \(reason)")
        case .summaryTooLarge(let till, let period):
            return .data("the counts of till '\(till)' in \(period) add up to more than an amount holds")
        case .expectedOutOfRange(let reason):
            return .data("the expected cash is out of range: \(reason)", hint: "nothing was changed")
        case .changeWouldBreakStore(let reason):
            return .data("the change would leave a live count that cannot be read back (\(reason))", hint: "nothing was changed")
        case .quantityOverflows(let token):
            return .data("too many \(token): the quantity overflows")
        case .totalQuantityOverflows(let word):
            return .data("the quantity of \(word) overflows")
        case .quantityAtLargest(let token):
            return .data("the quantity of \(token) is at its largest")
        case .cannotTake(let quantity, let token, let held):
            return .data("cannot take \(quantity) × \(token): the till holds \(held)", hint: "nothing was changed")
        case .negativeFloat:
            return .data("the float cannot be negative")
        case .currencyMismatch(let own, let asked, let adopting):
            return .usage(
                "the live count is in \(own.code), not \(asked.code)",
                hint: adopting
                    ? "change it with 'tillcount currency \(asked.code) --force', or save and clear the count first"
                    : "leave out --currency, or change the count's with 'tillcount currency \(asked.code) --force'")
        case .currencyChangeNeedsEmptyCount:
            return .usage(
                "the count is not empty: changing the currency would misread it",
                hint: "save or clear it first, or add --force to keep the quantities of the same face values")
        case .liveCountNotEmpty:
            return .usage("the live count is not empty", hint: "save or clear it first, or add --force (undo brings it back)")
        case .valueDenominationTooLarge:
            return .data("--value: the denomination is too large")
        case .negativeValue(let text):
            return .data("--value \(text) is negative")
        case .valueNotWhole(let text, let label, let below, let above):
            return .data(
                "--value \(text) is not a whole number of \(label)",
                hint: "\(below.plainString)\(above.map { " or " + $0.plainString } ?? "") would be")
        case .noSavedCount(let id):
            return CLIError("no saved count with id \(id)", hint: "'tillcount history' lists the saved counts", exitCode: .noInput)
        case .rollSizeUnknown(let id, let token):
            return .data(
                "saved count \(id) was saved without roll sizes, and the size of its \(token) cannot be told",
                hint: "define the roll in the denominations file (see FILES in tillcount(1)) as it was when the count was saved")
        case .savedCountTooLarge(let id, let reason):
            return .data("saved count \(id) is too large: \(reason)")
        case .nothingToUndo(let limit):
            return CLIError("nothing to undo", hint: "the last \(limit) changes of each till can be undone; none is recorded for this one", exitCode: .noInput)
        case .undoRevertsOthers(let action, let other):
            return .data(
                "cannot undo '\(action)': \(other) changed this till since, and undo would revert their change too",
                hint: "undo reverts only your own changes (user@host) in a shared store; make the correction as a new change instead")
        case .undoSaveEditedSince(let action, let id, let editor):
            return .data(
                """
                    cannot undo '\(action)': saved count \(id) has been labelled or noted since \
                    \(editor.map { "by \($0)" } ?? "from another till"), and undoing the save would \
                    delete that too
                    """,
                hint: "nothing was changed; 'tillcount history rm \(id)' deletes the count on purpose (undo brings it back)")
        case .copyTargetNotEmpty(let target, let what):
            return CLIError(
                "\(target) already holds \(what): db copy copies only into an empty or new store, it never merges",
                hint: "name a new folder, or an empty database (run 'tillcount db init' there first if you like)", exitCode: .cannotCreate)
        case .tillNotEmpty(let name, let holds):
            let what = holds.map(TillErrorMessages.words).joined(separator: ", ")
            return .data(
                "the till '\(name)' is not empty: it holds \(what)",
                hint: """
                    empty it first: 'tillcount --till '\(name)' save' files its count if it is to be \
                    kept, 'clear --force' empties it (notes and movements too), 'float 0' sets its \
                    float to 0
                    """)
        case .noTill(let name):
            return CLIError("no till '\(name)' is kept", hint: "'tillcount tills' lists the tills", exitCode: .noInput)
        case .tillRemovesItself(let name):
            return .data(
                "cannot remove the till '\(name)' from itself: the undo step is a step of the till the command runs in",
                hint: TillName(stored: name).isMain
                    ? "run it from another till, whose 'tillcount --till OTHER undo' brings it back: tillcount --till OTHER tills rm main"
                    : "run it from another till (--till, or unset TILLCOUNT_TILL): tillcount --till main tills rm '\(name)'")
        case .tillChangedMeanwhile(let name):
            return CLIError("the till '\(name)' changed while it was being removed; nothing was removed", hint: "try again", exitCode: .busy)
        case .invalidTillName(let fault):
            return CLIError.nameFault(fault, what: "a till name")
        case .zCountIsFinal(let id, let number, let refused):
            let what = refused == .label ? "relabelled" : "deleted"
            return .data(
                "saved count \(id) is the closing count Z\(number) of its till: Z counts are final and cannot be \(what)",
                hint: refused == .label ? """
                    add a note instead: tillcount history note \(id) TEXT
                    """ : """
                    Z counts are kept for good; save mid-shift counts with --kind x
                    """)
        case .movementAmount, .reasonRequired, .reasonTooLong, .tooManyMovements, .noMovement, .negativeTolerance,
             .unknownPlaceholder, .unclosedPlaceholder, .placeholderHiddenByBlind:
            return cashError
        case .weightNeedsLooseCoin, .invalidWeight, .tareExceedsWeight, .noCoinWeight, .weightNotWhole:
            return WeightErrorMessages.cliError(self)
        }
    }
}

enum TillErrorMessages {
    /// Runs `body`, reporting a TillKit error as its CLIError.
    static func mapping<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as TillError {
            throw error.cliError
        }
    }

    /// Any error as the CLIError tillcount reports (for messages shown on the counting screen).
    static func cliError(_ error: Error) -> CLIError {
        (error as? TillError)?.cliError ?? CLIError.from(error)
    }

    /// Why a history step found nothing to revert, for "Undid: …" and the skip warning.
    static func why(_ reversal: HistoryReversal) -> String {
        switch reversal {
        case .stepNotFound(let step, let store):
            switch step.change {
            case .rm: return "saved count \(step.id.map(String.init) ?? "?") is not deleted in \(store) (the command did not finish, or it is back already)"
            case .save: return "\(store) holds no count this save made (the command did not finish, or it is gone already)"
            case .label: return """
                \(store) holds no label this command gave saved count \
                \(step.id.map(String.init) ?? "?") (the command did not finish, or it is gone \
                already)
                """
            case .note: return """
                \(store) holds no note this command added to saved count \
                \(step.id.map(String.init) ?? "?") (the command did not finish, or it is gone \
                already)
                """
            }
        case .deletedAlready(let id): return "saved count \(id) is deleted already"
        case .finalCount(let id, let number): return "saved count \(id) is the closing count Z\(number) of its till, which is final: undo does not remove it"
        case .restored, .removed, .labelRestored, .noteRemoved: return ""
        }
    }

    /// What reverting a history step did, for "Undid: …".
    static func effect(of reversal: HistoryReversal) -> String {
        switch reversal {
        case .restored(let id): return " (saved count \(id) is back in the history)."
        case .removed(let id): return " (saved count \(id) is removed from the history; the live count is unchanged)."
        case .labelRestored(let id): return " (saved count \(id) has its label before back)."
        case .noteRemoved(let id): return " (the note is taken off saved count \(id))."
        case .stepNotFound, .deletedAlready, .finalCount: return " (\(why(reversal)))."
        }
    }

    /// What a till holds, in words, for the refusal of 'tills rm'.
    static func words(_ holding: TillRemoval.Holding) -> String {
        switch holding {
        case .counted(let lines): return lines == 1 ? "1 denomination counted" : "\(lines) denominations counted"
        case .float(let float): return "a float of \(float.plainString) \(float.currency.code)"
        case .movements(let count): return count == 1 ? "1 movement (sale, paid-in, paid-out, refund or drop)" : """
            \(count) movements (sales, paid-ins, paid-outs, refunds, drops)
            """
        case .notes(let lines): return lines == 1 ? "1 line of notes" : "\(lines) lines of notes"
        }
    }

    /// What undo of 'tills rm' did, after "Undid: …".
    static func effect(of removal: TillRemoval, restored: Bool) -> String {
        restored
            ? " (the till '\(removal.name.display)' is back)."
            : " (a till '\(removal.name.display)' is kept already, started since or never removed: left as it is)."
    }

    /// The warning for an undo step skipped because its change never reached the history.
    static func skipped(_ step: HistoryStep, _ reversal: HistoryReversal) -> String {
        "skipped the undo step '\(step.action)': \(why(reversal))"
    }
}

// The values of the undo journal every kit shares (UndoJournal): a step is what one
// command changed, a record one row as it was before the step first touched it.

/// A row as it was before an undo step first touched it.
public struct UndoJournalRecord: Equatable, Sendable {
    /// What the row is, named by the kit: "counter", "account", "events"…
    public var kind: String
    /// Which row of that kind, as text (a serial, a name).
    public var key: String
    /// The row before the step, encoded by the kit; nil when the step made it.
    public var before: JSONValue?

    /// The record of the row `key` of `kind`, which was `before` (nil: it did not exist).
    public init(kind: String, key: String, before: JSONValue?) {
        self.kind = kind
        self.key = key
        self.before = before
    }
}

/// One undo step: what one command changed, reverted as a whole by one undo.
public struct UndoJournalStep: Equatable, Sendable {
    /// Increasing with every step a store makes, never reused.
    public var id: Int64
    /// What the command did, for people: `inc coffee`, `save --kind z`.
    public var label: String
    /// When the step began, seconds since 1970 UTC.
    public var at: Double
    /// Who made it: user@host, or MONEYKIT_ACTOR.
    public var actor: String
    /// A kit's marker on the step (tillcount: a final count), nil for an ordinary one.
    public var mark: String?

    /// A step with these fields.
    public init(id: Int64, label: String, at: Double, actor: String, mark: String? = nil) {
        self.id = id
        self.label = label
        self.at = at
        self.actor = actor
        self.mark = mark
    }
}

/// Why an undo was refused on a shared store: another actor's later step touched rows of
/// the step, so reverting it would overwrite their change. Nothing was changed.
public struct UndoConflict: Error, Equatable, Sendable {
    /// A row both steps touched.
    public struct Touch: Equatable, Sendable {
        /// The row as the refused step recorded it.
        public var mine: UndoJournalRecord
        /// The row as the later step recorded it (its `before`: the row after the refused step's change, or a later one).
        public var theirs: UndoJournalRecord
        /// Who made the later step.
        public var actor: String

        /// A touch of `mine`'s row by `actor`'s later step, which recorded `theirs`.
        public init(mine: UndoJournalRecord, theirs: UndoJournalRecord, actor: String) {
            self.mine = mine
            self.theirs = theirs
            self.actor = actor
        }
    }

    /// The step that was not undone.
    public var step: UndoJournalStep
    /// The rows touched since, in the order the refused step recorded them.
    public var touches: [Touch]

    /// The actors of the later steps, each once, sorted.
    public var actors: [String] { Array(Set(touches.map(\.actor))).sorted() }

    /// A refusal of `step` for `touches`.
    public init(step: UndoJournalStep, touches: [Touch]) {
        self.step = step
        self.touches = touches
    }
}

// The undo convention tally, tillcount and portfolio share: every change a tool stores is
// one step, and the newest steps are kept, as many in each tool.

/// The undo depth the tools share: every stored change is one step.
public enum UndoHistory {
    /// How many changes back an undo can go.
    public static let stepsKept = 100
}

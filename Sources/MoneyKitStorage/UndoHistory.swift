// The undo convention tally, tillcount and portfolio share: every change a tool stores is
// one step, and the newest steps are kept, as many in each tool.

public enum UndoHistory {
    /// How many changes back an undo can go.
    public static let stepsKept = 100
}

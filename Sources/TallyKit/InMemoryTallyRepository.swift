// A tally store held in memory: for tests, previews and apps that keep counters their own
// way. It follows the repository's contract as the file store does: a change that throws
// stores nothing, and a document that breaks the invariants is refused.

import MoneyKitStorage
import MoneyKitPlatform

/// Counters kept in memory, changed one at a time under a lock.
public final class InMemoryTallyRepository: TallyRepository, @unchecked Sendable {
    private var document: TallyDocument
    /// Changes run one at a time. Not reentrant: a body must not call this repository.
    private let lock = PlainLock()

    /// An empty store, as a file store that does not exist yet.
    public init() {
        document = TallyDocument()
    }

    /// A store holding `document`, refused as a file would be when it breaks an invariant.
    /// - Throws: `StoredContentError` naming the invariant `document` breaks.
    public init(_ document: TallyDocument) throws(StoredContentError) {
        try document.checkInvariants()
        self.document = document
    }

    /// The document as it is now.
    public func load() -> TallyDocument {
        lock.withLock { document }
    }

    /// Runs `body` on a copy of the document and keeps the copy only when it returns.
    /// - Throws: what `body` throws (nothing is kept).
    public func change<Result>(_ body: (inout TallyDocument) throws -> Result) throws -> Result {
        try lock.withLock {
            var working = document
            let result = try body(&working)
            document = working
            return result
        }
    }
}

// A counter as the undo journal keeps it (its before-image): the JSON of a counter in
// tally's JSON document (TallyDocument+JSON), so one encoding serves both. A record
// carried over from a store of schema 1 may keep its tags as lines ("tagLines").

import MoneyKitStorage

extension Counter {
    /// The undo journal's image of this counter.
    var journalImage: JSONValue { storedJSON }

    /// The counter a journal image holds.
    /// - Throws: `StoredContentError` naming what is malformed.
    init(journalImage: JSONValue) throws(StoredContentError) {
        guard var members = journalImage.objectValue else { throw StoredContentError("an undo record is not an object") }
        if let index = members.firstIndex(where: { $0.0 == "tagLines" }) {
            let lines = members.remove(at: index).1.stringValue ?? ""
            if !lines.isEmpty { members.append(("tags", .array(lines.split(separator: "\n").map { .string(String($0)) }))) }
        }
        try self.init(storedJSON: .object(members), place: "an undo record")
    }
}

// The files SQLite keeps beside a database (-wal, -shm, -journal) are opened by SQLite at
// their names, whoever made them. In a folder other users can write to, another user can
// make them first (mode 0666, keeping a second hard link) and then read every change
// written through them. So before SQLite opens a database, and again once it has opened
// them, each one present must be a regular file of this user with one name; one that
// others may read is made private once the database is known to be ours (never another
// program's). A folder every user may write to without the sticky bit is refused whole:
// anyone there could swap the store itself.

import MoneyKitPlatform
import MoneyKitStorage

/// The checks on a database's folder and companion files.
package enum SQLiteCompanionFiles {
    /// The suffixes of the files SQLite makes beside a database.
    package static let suffixes = ["-wal", "-shm", "-journal"]

    /// Refuses the database at `path` (its real path, links resolved) when its folder lets
    /// every user replace files, or a companion file is not one this user made.
    /// `displayPath` names the store.
    /// - Throws: `StoreError.foreign` naming the folder or the file and why.
    package static func check(_ path: String, displayPath: String) throws(StoreError) {
        let folder = PosixFile.directory(of: path)
        if PosixFile.isOpenToEveryone(folder: folder) {
            throw StoreError.foreign(
                path: displayPath, expected: "in a folder safe for a store",
                reason: "every user may create and replace files in \(folder) (it is writable by all and not sticky)")
        }
        for suffix in suffixes {
            let companion = path + suffix
            guard let facts = try StoreError.mapping(PosixFile.facts(of: companion)) else { continue }
            if let reason = refusal(facts) {
                throw StoreError.foreign(path: companion, expected: "a file this tool made for \(displayPath)", reason: reason)
            }
        }
    }

    /// Makes the companion files of our database at `path` (links resolved) that others
    /// may read private (0600), as the manual promises, before anything of ours is
    /// written to them. Only for a database known to be ours.
    /// - Throws: `StoreError.cannotCreate` when one cannot be changed.
    package static func makePrivate(_ path: String) throws(StoreError) {
        for suffix in suffixes {
            let companion = path + suffix
            guard let facts = try StoreError.mapping(PosixFile.facts(of: companion)), refusal(facts) == nil, facts.isOpenToOthers else { continue }
            try StoreError.mapping(PosixFile.makePrivate(companion))
        }
    }

    /// Why a companion file with these facts cannot be ours; nil when it can.
    package static func refusal(_ facts: FileFacts) -> String? {
        if facts.isSymbolicLink { return "it is a symbolic link" }
        if !facts.isRegularFile { return "it is not a regular file" }
        if !facts.isOwnedByUs { return "it belongs to another user (uid \(facts.owner))" }
        if facts.links != 1 { return "it has \(facts.links) names (hard links), so others may read it under another" }
        return nil
    }
}

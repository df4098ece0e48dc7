// The JSON adapter of the tills: one state file per till, each changed under its own
// lock, so two tills are counted at once without waiting for each other.
//
// Layout: the default till ("main") is the state file itself (count.json, or the file
// --state or TILLCOUNT_STATE names), adopted in place: a count kept before tills is the
// default till's, and its file is neither moved nor rewritten until its next change.
// Every other till is a file in the folder beside it named like the state file with
// ".tills" for ".json" (count.tills/), called TillName.fileStem + ".json": every
// spelling of one name leads to one file, and no name reaches another folder. Each such
// file keeps the till's name as first given ("till"), checked whenever it is read.

import MoneyKitStorage
import MoneyKitPlatform

/// Every till's live count in JSON state files (see the top of this file).
public struct JSONTillDirectory: TillDirectory {
    /// The default till's state file.
    public let stateFile: StoreLocation
    /// The folder of the other tills' files.
    public let folder: String

    /// The tills kept beside the state file at `stateFile`.
    public init(stateFile: StoreLocation) {
        self.stateFile = stateFile
        folder = Self.tillsFolder(forStateFile: stateFile.path)
    }

    /// The folder of the tills beside the state file `path`: its name with ".tills" for
    /// ".json" (or added, for a name without ".json").
    public static func tillsFolder(forStateFile path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".tills"
    }

    /// The file of the till `name`: its own, or a file named by the key of the first name
    /// rule (lower case, before case folding) that stands for it (`TillName.isFiled`).
    public func path(for name: TillName) -> String {
        if name.isMain { return stateFile.path }
        let own = "\(folder)/\(name.fileStem).json"
        guard !PosixFile.isRegularFile(own) else { return own }
        // A till filed before names were compared by case folding ("Straße" filed as
        // stra%c3%9fe, now strasse): found among the files, so that no spelling makes it a second till.
        for entry in (try? PosixFile.entryNames(in: folder)) ?? [] where entry.hasSuffix(".json") && !entry.hasPrefix(".") {
            if name.isFiled(underStem: String(entry.dropLast(5))) { return "\(folder)/\(entry)" }
        }
        return own
    }

    /// The default till, and every till whose file exists.
    public func keeps(_ name: TillName) -> Bool {
        name.isMain || PosixFile.isRegularFile(path(for: name))
    }

    /// Deletes the till `name`'s file under its lock (the default till's: the state file),
    /// once `check` accepted what it keeps; nil when there is no file.
    /// - Throws: `StoreError` (unreadable, busy, I/O, a file keeping another till), or what `check` throws.
    public func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState? {
        let path = path(for: name)
        return try JSONFileStore<TillState>(path: path, createsMissingFolders: false).remove { state in
            let kept = state.tillName.map(TillName.init(stored:)) ?? .main
            guard kept == name else {
                throw StoreError.corrupt(path: path, reason: "it keeps the live count of till '\(kept.display)', not of '\(name.display)'")
            }
            try check(state)
        }
    }

    /// Writes `state` as the till `name`'s file, its `updated` at `stamp`, unless it has
    /// one: a file made meanwhile (by another command) is left as it is.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState, at stamp: String) throws -> Bool {
        guard !PosixFile.isRegularFile(path(for: name)) else { return false }
        return try repository(for: name).change { kept -> Bool in
            var fresh = kept
            fresh.tillName = nil
            guard fresh == TillState() else { return false }
            let tillName = name.isMain ? nil : kept.tillName ?? name.display
            kept = state
            kept.tillName = tillName
            kept.updated = stamp
            return true
        }
    }

    /// The live count of the till `name`, in its own file.
    public func repository(for name: TillName) -> any TillRepository {
        guard !name.isMain else { return JSONTillRepository(store: JSONFileStore(location: stateFile), till: nil) }
        return JSONTillRepository(
            store: JSONFileStore(location: StoreLocation(path: path(for: name), isDefault: stateFile.isDefault)), till: name)
    }

    /// The default till when its state file exists, then every till file in the folder by
    /// name. Files whose names are not a till's (temporaries, lock files, others' files)
    /// are left alone.
    /// - Throws: `StoreError` for a till file that cannot be read, or whose till's name
    ///   does not lead to it.
    public func tills() throws -> [KeptTill] {
        var kept: [KeptTill] = []
        let main = try repository(for: .main).load()
        if main != TillState() || PosixFile.isRegularFile(stateFile.path) { kept.append(KeptTill(name: .main, state: main)) }
        var others: [KeptTill] = []
        for entry in try StoreError.mapping(PosixFile.entryNames(in: folder)) ?? [] {
            guard entry.hasSuffix(".json"), !entry.hasPrefix(".") else { continue }
            let stem = String(entry.dropLast(5))
            let path = "\(folder)/\(entry)"
            guard PosixFile.isRegularFile(path) else { continue }
            let state = try JSONFileStore<TillState>(path: path, createsMissingFolders: false).load()
            guard let name = state.tillName.map(TillName.init(stored:)) ?? TillName.decoding(fileStem: stem) else {
                throw StoreError.corrupt(path: path, reason: "it keeps no till name")
            }
            guard !name.isMain else {
                throw StoreError.corrupt(path: path, reason: "it keeps the default till 'main', whose live count is \(stateFile.path)")
            }
            guard name.isFiled(underStem: stem) else {
                throw StoreError.corrupt(path: path, reason: "it keeps till '\(name.display)', whose file is \(name.fileStem).json")
            }
            others.append(KeptTill(name: name, state: state))
        }
        kept += others.sorted { $0.name.key < $1.name.key }
        return kept
    }
}

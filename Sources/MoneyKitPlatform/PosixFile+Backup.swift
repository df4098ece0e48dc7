// Keeping a file or folder a store took over as a backup beside it: renamed, never
// written over (tillcount's live count files once their content is in its database).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixFile {
    /// Renames `path` (a file or a folder, not followed if a link) to `path + suffix`, or
    /// `path + suffix + "-2"`, "-3"… when that name is taken, and syncs the folder. Returns
    /// the new name, nil when nothing is at `path` or the rename failed (the caller has its
    /// content already: what stays is left as it is).
    package static func keepAsBackup(_ path: String, suffix: String) -> String? {
        var info = stat()
        guard lstat(path.systemPath, &info) == 0 else { return nil }
        for attempt in 1...100 {
            let target = path + suffix + (attempt == 1 ? "" : "-\(attempt)")
            var taken = stat()
            guard lstat(target.systemPath, &taken) != 0 else { continue }
            guard rename(path.systemPath, target.systemPath) == 0 else { return nil }
            syncDirectory(directory(of: path))
            return target
        }
        return nil
    }
}

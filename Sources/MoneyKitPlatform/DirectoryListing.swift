// The names in a folder, for a store kept as one file per thing (tillcount's tills).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixFile {
    /// The names of the entries of `folder` ("." and ".." left out, bytes kept as
    /// `LosslessText`), sorted; nil when there is no such folder.
    /// - Throws: `FileError.unreadable` when the folder exists but cannot be listed.
    package static func entryNames(in folder: String) throws(FileError) -> [String]? {
        guard let listing = opendir(folder.systemPath) else {
            let code = errno
            if code == ENOENT { return nil }
            throw FileError.unreadable(path: folder, reason: errorText(code))
        }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(LosslessText.decode(name))
        }
        return names.sorted()
    }
}

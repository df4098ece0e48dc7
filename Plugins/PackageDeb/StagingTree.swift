// The file tree of one binary package, laid out as it will be installed, with the
// modes Debian expects (directories 0755, files 0644, programs 0755).

import Foundation

struct StagingTree {
    let root: URL

    /// Starts an empty tree at `root`, removing what an earlier run left there. DEBIAN/
    /// is made at once: dpkg-shlibdeps looks for it to find the root of the tree.
    init(root: URL) throws {
        self.root = root
        let files = FileManager.default
        if files.fileExists(atPath: root.path) { try files.removeItem(at: root) }
        try makeFolder(root.appending(path: "DEBIAN"))
    }

    /// Writes `data` at `path` (relative to the root), creating its folders.
    func write(_ data: Data, to path: String, executable: Bool = false) throws {
        let target = url(path)
        try makeFolder(target.deletingLastPathComponent())
        try data.write(to: target)
        try setMode(executable ? 0o755 : 0o644, of: target)
    }

    /// Writes `text` gzip-compressed at `path` + ".gz", as dh_compress does: best
    /// compression and no name or timestamp in the header, so the bytes are reproducible.
    func writeCompressed(_ text: Data, to path: String) throws {
        try write(try Subprocess.run("gzip", ["-9n", "-c"], standardInput: text), to: path + ".gz")
    }

    func url(_ path: String) -> URL { root.appending(path: path) }

    /// The installed size in KiB as dpkg-gencontrol counts it: each file rounded up to a
    /// whole KiB, plus one for each folder; DEBIAN/ is not installed and does not count.
    func installedSizeKiB() throws -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .fileSizeKey])
        while let item = enumerator?.nextObject() as? URL {
            let relative = item.path.dropFirst(root.path.count + 1)
            if relative == "DEBIAN" || relative.hasPrefix("DEBIAN/") { continue }
            let values = try item.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey])
            total += values.isDirectory == true ? 1 : ((values.fileSize ?? 0) + 1023) / 1024
        }
        return total
    }

    /// Every installed regular file, as paths relative to the root, sorted.
    func installedFiles() throws -> [String] {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let item = enumerator?.nextObject() as? URL {
            let relative = String(item.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix("DEBIAN/") { continue }
            if try item.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { files.append(relative) }
        }
        return files.sorted()
    }

    private func makeFolder(_ folder: URL) throws {
        var missing: [URL] = []
        var current = folder
        while !FileManager.default.fileExists(atPath: current.path) {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for created in missing.reversed() {
            try FileManager.default.createDirectory(at: created, withIntermediateDirectories: false)
            try setMode(0o755, of: created)
        }
    }

    private func setMode(_ mode: Int, of url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}

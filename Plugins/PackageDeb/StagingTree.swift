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
    func write(_ data: Data, to path: String) throws {
        let target = try prepare(path)
        try data.write(to: target)
        try setMode(0o644, of: target)
    }

    /// The URL of `path` (relative to the root), its folders made, for a program that
    /// writes the file itself.
    func prepare(_ path: String) throws -> URL {
        let target = url(path)
        try makeFolder(target.deletingLastPathComponent())
        return target
    }

    /// Writes `text` gzip-compressed at `path` + ".gz", as dh_compress does: best
    /// compression and no name or timestamp in the header, so the bytes are reproducible.
    func writeCompressed(_ text: Data, to path: String) throws {
        try write(try Subprocess.run("gzip", ["-9n", "-c"], standardInput: text), to: path + ".gz")
    }

    private func url(_ path: String) -> URL { root.appending(path: path) }

    /// Sets the modification date of everything in the tree, DEBIAN/ and the root included.
    func setModificationDates(to date: Date) throws {
        var paths = [root.path]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String { paths.append(root.path + "/" + relative) }
        for path in paths {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
    }

    /// The installed size in KiB as dpkg-gencontrol counts it: each file rounded up to a
    /// whole KiB, plus one for each folder; DEBIAN/ is not installed and does not count.
    func installedSizeKiB() throws -> Int {
        try installedItems().reduce(0) { total, item in
            total + (item.isFolder ? 1 : (item.size + 1023) / 1024)
        }
    }

    /// Every installed regular file, as paths relative to the root, sorted.
    func installedFiles() throws -> [String] {
        try installedItems().filter { !$0.isFolder }.map(\.path).sorted()
    }

    /// What dpkg will install: everything under the root but DEBIAN/.
    private func installedItems() throws -> [(path: String, isFolder: Bool, size: Int)] {
        let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            throw PackagingError("cannot list \(root.path)")
        }
        let prefix = root.standardizedFileURL.path + "/"
        var items: [(path: String, isFolder: Bool, size: Int)] = []
        while let item = enumerator.nextObject() as? URL {
            let values = try item.resourceValues(forKeys: Set(keys))
            let path = item.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { throw PackagingError("\(path) is outside \(prefix)") }
            let relative = String(path.dropFirst(prefix.count))
            if relative == "DEBIAN" {
                enumerator.skipDescendants()
                continue
            }
            items.append((relative, values.isDirectory == true, values.fileSize ?? 0))
        }
        return items
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

    func setMode(_ mode: Int, of url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}

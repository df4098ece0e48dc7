// Makes one tool's .deb: stages the installed tree, writes the control files, and runs
// dpkg-deb.

import Foundation

struct DebianPackager {
    let tool: String
    /// The release executable, not yet stripped.
    let executable: URL
    let architecture: String
    let maintainer: String
    let toolchain: Toolchain
    let packageDirectory: URL
    /// A scratch folder of this tool's own: debian/control and the staging tree debian/TOOL.
    let workDirectory: URL

    struct Result {
        let path: URL
        let downloadKiB: Int
        let installedKiB: Int
    }

    func makePackage(in outputFolder: URL) throws -> Result {
        let spec = try ToolSpec.read(from: executable)
        // What was linked decides the licences listed, not what the package graph says.
        let linksICU = try Self.containsICU(executable)
        // debian/TOOL beside debian/control: the layout dpkg-shlibdeps expects.
        let tree = try StagingTree(root: workDirectory.appending(path: "debian/\(tool)"))

        try stageProgram(in: tree)
        try stageManualAndCompletions(in: tree)
        try stageDocumentation(in: tree, version: spec.version, linksICU: linksICU)
        let control = DebianControl(
            package: tool, version: spec.version, architecture: architecture, maintainer: maintainer,
            installedSizeKiB: try tree.installedSizeKiB(), depends: try sharedLibraryDepends(),
            recommends: try Self.loadsLibPQ(executable) ? "libpq5" : "",
            synopsis: spec.abstract, paragraphs: spec.discussionParagraphs)
        try tree.write(Data(control.text.utf8), to: "DEBIAN/control")
        try tree.write(try md5sums(of: tree), to: "DEBIAN/md5sums")

        let deb = try build(tree, version: spec.version, into: outputFolder)
        let size = (try FileManager.default.attributesOfItem(atPath: deb.path)[.size] as? Int) ?? 0
        return Result(path: deb, downloadKiB: (size + 1023) / 1024, installedKiB: control.installedSizeKiB)
    }

    /// /usr/bin/TOOL, as dh_strip leaves programs: no symbols, no .comment or .note
    /// sections; and without the RUNPATH $ORIGIN SwiftPM links every executable with
    /// (in /usr/bin there are no libraries beside it, and Debian wants no search path).
    private func stageProgram(in tree: StagingTree) throws {
        let binary = try tree.prepare("usr/bin/\(tool)")
        try Subprocess.run(
            "strip", ["--remove-section=.comment", "--remove-section=.note", "-o", binary.path, executable.path])
        try Subprocess.run("chrpath", ["--delete", binary.path])
        try tree.setMode(0o755, of: binary)
    }

    /// The committed man page, compressed, and the completion scripts the tool writes.
    private func stageManualAndCompletions(in tree: StagingTree) throws {
        let manPage = packageDirectory.appending(path: "man/\(tool).1")
        guard let page = try? Data(contentsOf: manPage) else {
            throw PackagingError("cannot read \(manPage.path); run generate-manual first")
        }
        try tree.writeCompressed(page, to: "usr/share/man/man1/\(tool).1")
        for (shell, path) in [
            ("bash", "usr/share/bash-completion/completions/\(tool)"),
            ("zsh", "usr/share/zsh/vendor-completions/_\(tool)"),
            ("fish", "usr/share/fish/vendor_completions.d/\(tool).fish"),
        ] {
            try tree.write(try Subprocess.run(executable.path, ["--generate-completion-script", shell]), to: path)
        }
    }

    /// /usr/share/doc/TOOL/{copyright,changelog.gz} and the lintian overrides.
    private func stageDocumentation(in tree: StagingTree, version: String, linksICU: Bool) throws {
        let copyright = DebianCopyright(
            tool: tool, linksICU: linksICU, toolchainVersion: toolchain.version,
            runtimeLibraryException: toolchain.runtimeLibraryException)
        try tree.write(Data(copyright.text.utf8), to: "usr/share/doc/\(tool)/copyright")
        let changelog = try DebianChangelog.render(package: tool, version: version, maintainer: maintainer)
        try tree.writeCompressed(Data(changelog.utf8), to: "usr/share/doc/\(tool)/changelog")
        let overrides = LintianOverrides.text(for: tool, linksICU: linksICU)
        try tree.write(Data(overrides.utf8), to: "usr/share/lintian/overrides/\(tool)")
    }

    /// Dates every file alike and runs dpkg-deb: two runs give the same bytes (dpkg-deb
    /// only clamps dates newer than SOURCE_DATE_EPOCH, it does not set older ones).
    private func build(_ tree: StagingTree, version: String, into outputFolder: URL) throws -> URL {
        let epoch = try ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].map { text in
            guard let seconds = Int(text), seconds >= 0 else {
                throw PackagingError("SOURCE_DATE_EPOCH '\(text)' is not a number of seconds")
            }
            return seconds
        } ?? DebianChangelog.releaseEpoch(of: version)
        try tree.setModificationDates(to: Date(timeIntervalSince1970: TimeInterval(epoch)))
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = String(epoch)

        try removeEarlierPackages(in: outputFolder)
        let deb = outputFolder.appending(path: "\(tool)_\(version)_\(architecture).deb")
        try Subprocess.run(
            "dpkg-deb", ["--root-owner-group", "-Zxz", "--build", tree.root.path, deb.path], environment: environment)
        return deb
    }

    /// The Depends that dpkg-shlibdeps computes for the binary's shared libraries. It
    /// reads debian/control and wants the binary under debian/PACKAGE/, so the work
    /// folder is laid out that way (only for this step: nothing is written in the package).
    private func sharedLibraryDepends() throws -> String {
        try Data("Source: \(tool)\n\nPackage: \(tool)\nArchitecture: any\n".utf8)
            .write(to: workDirectory.appending(path: "debian/control"))
        // dpkg 1.21 warns "binaries to analyze should already be installed in their
        // package's directory" even when they are (it tests an unset variable): hidden.
        let data = try Subprocess.run(
            "dpkg-shlibdeps", ["-O", "-e", "debian/\(tool)/usr/bin/\(tool)"], in: workDirectory,
            hiddenWarning: { $0.contains("should already be installed in their package's directory") })
        let output = String(decoding: data, as: UTF8.self)
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("shlibs:Depends=") }) else {
            return ""
        }
        return String(line.dropFirst("shlibs:Depends=".count))
    }

    /// Removes this tool's packages of other versions from `folder`, so that the folder
    /// holds one package per tool (the CI check installs every .deb it finds).
    private func removeEarlierPackages(in folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasPrefix("\(tool)_") && name.hasSuffix("_\(architecture).deb") {
            try FileManager.default.removeItem(at: folder.appending(path: name))
        }
    }

    /// Whether the (unstripped) executable carries ICU: its data symbol icudtNN_dat.
    static func containsICU(_ executable: URL) throws -> Bool {
        let symbols = String(decoding: try Subprocess.run("nm", ["--defined-only", executable.path]), as: UTF8.self)
        return symbols.split(separator: "\n").contains { line in
            guard let name = line.split(separator: " ").last else { return false }
            return name.hasPrefix("icudt") && name.hasSuffix("_dat")
        }
    }

    /// Whether the (unstripped) executable carries MoneyKitPostgres's libpq loader. Such a
    /// tool opens libpq.so.5 with dlopen at its first PostgreSQL connection, which
    /// dpkg-shlibdeps cannot see, so the control file names libpq5 itself: as Recommends,
    /// not Depends, because only a shared store needs it (policy 7.2: what all but unusual
    /// installations want, the package working without it). apt installs it by default;
    /// without it the file store works and a PostgreSQL store stops with exit 69, naming
    /// libpq5.
    static func loadsLibPQ(_ executable: URL) throws -> Bool {
        let symbols = String(decoding: try Subprocess.run("nm", ["--defined-only", executable.path]), as: UTF8.self)
        return symbols.contains("16MoneyKitPostgres5LibPQV")
    }

    /// DEBIAN/md5sums: "HASH  PATH" for every installed file, paths relative to the root.
    private func md5sums(of tree: StagingTree) throws -> Data {
        try Subprocess.run("md5sum", ["--"] + (try tree.installedFiles()), in: tree.root)
    }
}

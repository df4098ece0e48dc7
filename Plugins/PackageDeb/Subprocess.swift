// Running the helper programs the packaging needs (strip, gzip, dpkg-shlibdeps, dpkg-deb).

import Foundation

enum Subprocess {
    /// Runs `program` (looked up on PATH unless it is a path) and returns its standard
    /// output. Standard output is read before waiting, so a full pipe cannot block the
    /// child; standard error goes to ours, so the user sees the tool's own message, but
    /// for the lines `hiddenWarning` says are known noise.
    @discardableResult
    static func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String]? = nil, standardInput: Data? = nil,
        hiddenWarning: ((Substring) -> Bool)? = nil
    ) throws -> Data {
        let process = Process()
        process.executableURL = try locate(program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        let input = Pipe()
        process.standardInput = standardInput == nil ? FileHandle.nullDevice : input
        // Standard error to be filtered goes to a file, read once the child is done.
        let errorFile = FileManager.default.temporaryDirectory.appending(path: "package-deb-\(UUID().uuidString).err")
        if hiddenWarning != nil {
            guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
                throw PackagingError("cannot create \(errorFile.path)")
            }
            process.standardError = try FileHandle(forWritingTo: errorFile)
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        do { try process.run() } catch {
            throw PackagingError("cannot run \(program): \(error.localizedDescription)")
        }
        if let standardInput {
            // Written from another thread so that a child filling its output pipe
            // before reading all of its input cannot deadlock us.
            let writer = input.fileHandleForWriting
            // A child that exits without reading all of it must not kill us: the write
            // fails (SIGPIPE is ignored in the plugin) and its exit status tells.
            Thread.detachNewThread {
                try? writer.write(contentsOf: standardInput)
                try? writer.close()
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if let hiddenWarning, let errorText = try? Data(contentsOf: errorFile) {
            for line in String(decoding: errorText, as: UTF8.self).split(separator: "\n") where !hiddenWarning(line) {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let shown = ([program] + arguments).joined(separator: " ")
            let how = process.terminationReason == .exit
                ? "failed with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            throw PackagingError("'\(shown)' \(how)")
        }
        return data
    }

    static func text(_ program: String, _ arguments: [String], in directory: URL? = nil) throws -> String {
        let data = try run(program, arguments, in: directory)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `program` itself when it is a path, else its first executable match on PATH.
    static func locate(_ program: String) throws -> URL {
        if program.contains("/") { return URL(fileURLWithPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw PackagingError("\(program) is not installed (apt-get install \(aptPackage(for: program)))")
    }

    /// Every program the packaging runs, checked before the first (slow) build, so a
    /// missing one is named at once with the Debian packages that give it.
    static let programsNeeded = ["dpkg", "dpkg-deb", "dpkg-shlibdeps", "strip", "nm", "chrpath", "gzip", "md5sum"]

    /// Throws naming every missing program and the packages to install, or returns.
    static func requirePrograms(_ programs: [String]) throws {
        let missing = programs.filter { (try? locate($0)) == nil }
        guard !missing.isEmpty else { return }
        var packages: [String] = []
        for program in missing where !packages.contains(aptPackage(for: program)) {
            packages.append(aptPackage(for: program))
        }
        throw PackagingError(
            "not installed: \(missing.joined(separator: ", ")); install them first with: "
                + "apt-get install \(packages.joined(separator: " "))")
    }

    private static func aptPackage(for program: String) -> String {
        switch program {
        case "dpkg-shlibdeps": "dpkg-dev"
        case "strip", "nm": "binutils"
        case "md5sum": "coreutils"
        case "dpkg-deb": "dpkg"
        default: program
        }
    }
}

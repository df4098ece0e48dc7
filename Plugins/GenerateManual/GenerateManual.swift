// swift package --allow-writing-to-package-directory generate-manual [--date YYYY-MM-DD] [--tool NAME]
//
// Builds the four tools, asks each for its man page (the hidden --generate-manual flag
// renders the tool's spec as mdoc; the renderer lives in MoneyKitCLI, where it is unit
// tested), and writes man/TOOL.1. The .Dd date comes from --date, else SOURCE_DATE_EPOCH,
// else the date already in the committed page, so regenerating a clean tree changes
// nothing.

import Foundation
import PackagePlugin

@main
struct GenerateManual: CommandPlugin {
    static let tools = ["billsplit", "portfolio", "tally", "tillcount"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let dateOption = extractor.extractOption(named: "date").last
        let only = extractor.extractOption(named: "tool")
        if let unknown = extractor.remainingArguments.first {
            throw PluginError("unknown argument '\(unknown)'; use --date YYYY-MM-DD and --tool NAME")
        }
        let tools = only.isEmpty ? Self.tools : only
        let manFolder = context.package.directoryURL.appending(path: "man")
        try FileManager.default.createDirectory(at: manFolder, withIntermediateDirectories: true)
        for name in tools {
            guard Self.tools.contains(name) else { throw PluginError("unknown tool '\(name)'") }
            let tool = try context.tool(named: name)
            let page = manFolder.appending(path: "\(name).1")
            var arguments = ["--generate-manual"]
            var environment = ProcessInfo.processInfo.environment
            if let date = dateOption {
                arguments += ["--date", date]
            } else if environment["SOURCE_DATE_EPOCH"] == nil, let kept = Self.existingDate(of: page) {
                arguments += ["--date", kept]
            } else if environment["SOURCE_DATE_EPOCH"] == nil {
                environment["SOURCE_DATE_EPOCH"] = String(Int(Date().timeIntervalSince1970))
            }
            let output = try run(tool.url, arguments: arguments, environment: environment)
            try output.write(to: page, options: .atomic)
            print("wrote \(page.path)")
        }
    }

    /// Runs the tool and returns its standard output, reading it before waiting so a
    /// full pipe cannot block the child.
    private func run(_ executable: URL, arguments: [String], environment: [String: String]) throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else {
            throw PluginError("\(executable.lastPathComponent) --generate-manual failed with status \(process.terminationStatus)")
        }
        return data
    }

    /// The `.Dd` of an existing page as YYYY-MM-DD, or nil.
    static func existingDate(of page: URL) -> String? {
        guard let text = try? String(contentsOf: page, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(".Dd ") })
        else { return nil }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                      "September", "October", "November", "December"]
        let words = line.dropFirst(4).replacingOccurrences(of: ",", with: "").split(separator: " ")
        guard words.count == 3, let month = months.firstIndex(of: String(words[0])), let day = Int(words[1]),
            let year = Int(words[2]) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month + 1, day)
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// tally export and import: the commands. What an export holds and the rules of reading
// one back are TallyKit's (CounterExport, CounterImport, Tally.importCounters); here the
// input is read from a file or standard input and the outcome is told.

import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitStorage
import TallyKit

extension TallyCommands {
    func export() throws -> ExitCode {
        rendering.printExport(try tally.export(), format: try option(TallySpec.exportFormat))
        return .ok
    }

    func importCounters() throws -> ExitCode {
        let path = arguments.argument("FILE") ?? "-"
        let source = path == "-" ? "standard input" : path
        let text = try InputReader.readText(path, standardInput: invocation.input)
        let incoming = try CounterImport.read(text, source: source, csv: Self.csvReading, now: tally.now())
        let summary = try tally.importCounters(incoming, source: source, onClash: try option(TallySpec.onClash))
        var parts = ["imported \(summary.imported)"]
        if summary.replaced > 0 { parts.append("replaced \(summary.replaced)") }
        if summary.skipped > 0 { parts.append("skipped \(summary.skipped) existing") }
        if !summary.renamed.isEmpty {
            parts.append("renamed \(summary.renamed.map { "\($0.from) → \($0.to)" }.joined(separator: ", "))")
        }
        invocation.err.line((parts.joined(separator: "; ").capitalizedFirst + ".").terminalSafe)
        return .ok
    }

    /// The toolkit's CSV reader and its formula convention, for TallyKit's import.
    static let csvReading = CSVReading(
        records: { text, source in try DelimitedText.parseCSV(text, source: source) },
        restoredField: DelimitedText.restoreNeutralized)
}

extension String {
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}

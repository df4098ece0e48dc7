// The --format choice every data-printing command offers, and a record printer that
// turns rows into text, JSON, CSV or TSV alike in every tool.

import MoneyKitStorage

package enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, csv, tsv

    package static var allNames: [String] { allCases.map { $0.rawValue } }

    /// The `--format` option, with the formats a command supports.
    package static func option(_ formats: [OutputFormat] = OutputFormat.allCases, default defaultFormat: OutputFormat = .text) -> OptionSpec {
        .option(
            "format", value: "FORMAT",
            help: "Output format: \(formats.map(\.rawValue).joined(separator: ", ")) (default \(defaultFormat.rawValue)). "
                + scriptNote(formats),
            default: defaultFormat.rawValue, allowed: formats.map { $0.rawValue })
    }

    /// Which of `formats` are for people and which are stable for scripts, naming them.
    static func scriptNote(_ formats: [OutputFormat]) -> String {
        let forScripts = formats.filter { $0 != .text }.map(\.rawValue)
        switch forScripts.count {
        case 0: return "text is for people."
        case 1: return "text is for people; \(forScripts[0]) is stable for scripts."
        default:
            return "text is for people; \(forScripts.dropLast().joined(separator: ", ")) and \(forScripts.last ?? "") are stable for scripts."
        }
    }

    /// The format chosen in `arguments`, or `fallback`.
    package static func chosen(in arguments: ParsedArguments, fallback: OutputFormat = .text) -> OutputFormat {
        arguments.value("format").flatMap(OutputFormat.init(rawValue:)) ?? fallback
    }
}

/// Prints rows of named fields as CSV or TSV with a header line, keeping column order.
package enum RecordPrinter {
    package static func delimitedLines(header: [String], rows: [[String]], format: OutputFormat) -> [String] {
        switch format {
        case .tsv: return ([header] + rows).map(DelimitedText.tsvLine)
        default: return ([header] + rows).map { DelimitedText.csvLine($0) }
        }
    }
}

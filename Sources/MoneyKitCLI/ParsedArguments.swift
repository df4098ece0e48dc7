// What the parser found on a command line, with typed accessors whose errors name the
// option or argument that was wrong.

import MoneyKit

package struct ParsedArguments: Sendable, Equatable {
    /// The command's path below the tool, by canonical name: `["inc"]`, `[]` for the tool.
    package var commandPath: [String]
    /// Values by option long name, in the order given.
    package var optionValues: [String: [String]]
    /// How many times each flag was given, by long name.
    package var flagCounts: [String: Int]
    /// Values by argument name (`NAME`), in order.
    package var argumentValues: [String: [String]]

    package init(
        commandPath: [String] = [], optionValues: [String: [String]] = [:], flagCounts: [String: Int] = [:],
        argumentValues: [String: [String]] = [:]
    ) {
        self.commandPath = commandPath
        self.optionValues = optionValues
        self.flagCounts = flagCounts
        self.argumentValues = argumentValues
    }

    /// The last value given for `--long`, or nil.
    package func value(_ long: String) -> String? { optionValues[long]?.last }

    /// Every value given for a repeating `--long`.
    package func values(_ long: String) -> [String] { optionValues[long] ?? [] }

    package func flag(_ long: String) -> Bool { (flagCounts[long] ?? 0) > 0 }

    /// The value of positional `name`, or nil when it was optional and not given.
    package func argument(_ name: String) -> String? { argumentValues[name]?.first }

    /// All values of a repeating positional.
    package func arguments(_ name: String) -> [String] { argumentValues[name] ?? [] }

    /// `--long` read as a whole number in `range`; a usage error names the option.
    package func integer(_ long: String, in range: ClosedRange<Int64>? = nil) throws(CLIError) -> Int64? {
        guard let text = value(long) else { return nil }
        return try Self.integer(text, named: "--\(long)", in: range, commandPath: commandPath)
    }

    /// Positional `name` read as a whole number in `range`.
    package func integerArgument(_ name: String, in range: ClosedRange<Int64>? = nil) throws(CLIError) -> Int64? {
        guard let text = argument(name) else { return nil }
        return try Self.integer(text, named: name, in: range, commandPath: commandPath)
    }

    /// Reads a whole number strictly: optional sign, ASCII digits, nothing else.
    package static func integer(
        _ text: String, named name: String, in range: ClosedRange<Int64>?, commandPath: [String]
    ) throws(CLIError) -> Int64 {
        guard !text.contains(".") else {
            throw CLIError.usage("invalid value '\(text)' for \(name): expected a whole number", commandPath: commandPath)
        }
        let number: DecimalText
        do {
            number = try DecimalText(parsing: text)
        } catch .overflow {
            throw CLIError("invalid value '\(text)' for \(name): too large for a 64-bit number", exitCode: .dataError)
        } catch {
            throw CLIError.usage("invalid value '\(text)' for \(name): expected a whole number", commandPath: commandPath)
        }
        guard number.scale == 0 else {
            throw CLIError.usage("invalid value '\(text)' for \(name): expected a whole number", commandPath: commandPath)
        }
        if let range, !range.contains(number.significand) {
            throw CLIError.usage(
                "invalid value '\(text)' for \(name): must be from \(range.lowerBound) to \(range.upperBound)",
                commandPath: commandPath)
        }
        return number.significand
    }
}

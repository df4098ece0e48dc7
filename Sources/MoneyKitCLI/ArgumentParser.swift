// Parsing a command line against a spec: `--long value`, `--long=value`, `-s value`,
// `-svalue`, bundled flags `-abc`, `--` to end options, and negative numbers as values.

/// What a command line asks for.
import MoneyKit
import MoneyKitPlatform

package enum ParseOutcome: Sendable, Equatable {
    /// Run the command at `commandPath` with these arguments.
    case run(ParsedArguments)
    /// Show help for the command at this path.
    case help(commandPath: [String])
    case version
    /// Print the spec as JSON (hidden; for the manual plugin and completions).
    case dumpHelp
}

package struct ArgumentParser: Sendable {
    package let spec: CommandSpec

    package init(spec: CommandSpec) {
        self.spec = spec
    }

    /// Parses `arguments` (without the program name).
    package func parse(_ arguments: [String]) throws(CLIError) -> ParseOutcome {
        var state = State(root: spec)
        var index = 0
        var positionals: [String] = []
        var optionsEnded = false

        while index < arguments.count {
            let word = arguments[index]
            index += 1

            if optionsEnded || !Self.looksLikeOption(word) {
                // A subcommand name, `help`, or a positional.
                if positionals.isEmpty, !optionsEnded {
                    if let sub = state.command.subcommand(named: word) {
                        state.descend(into: sub)
                        continue
                    }
                    if word == "help", !state.command.subcommands.isEmpty {
                        return try helpOutcome(for: Array(arguments[index...]), from: state.path)
                    }
                    if !state.command.subcommands.isEmpty, state.command.arguments.isEmpty {
                        if let fallback = state.defaultSubcommand() {
                            state.descend(into: fallback)
                            if fallback.arguments.isEmpty && fallback.subcommands.isEmpty {
                                throw unknownCommand(word, state: state, parent: state.path.dropLast())
                            }
                        } else {
                            throw unknownCommand(word, state: state, parent: state.path[...])
                        }
                    }
                }
                positionals.append(word)
                continue
            }

            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" { return .help(commandPath: state.path) }
            if word == "--version" { return .version }
            if word == "--dump-help" { return .dumpHelp }

            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: String
                var attached: String?
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    attached = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
                let option = try state.option(long: name, positionalsSeen: !positionals.isEmpty, word: word)
                if option.isFlag {
                    if attached != nil {
                        throw CLIError.usage("option --\(name) does not take a value", commandPath: state.path)
                    }
                    state.setFlag(option)
                } else {
                    let value: String
                    if let attached {
                        value = attached
                    } else if index < arguments.count {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw CLIError.usage("option --\(name) needs a value (\(option.valueName ?? "VALUE"))", commandPath: state.path)
                    }
                    try state.setValue(value, for: option)
                }
                continue
            }

            // A cluster of short options: -f, -abc, -n5, -n 5.
            var letters = Substring(word.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                let option = try state.option(short: String(letter), positionalsSeen: !positionals.isEmpty, word: word)
                if option.isFlag {
                    state.setFlag(option)
                    continue
                }
                let value: String
                if !letters.isEmpty {
                    value = String(letters)
                    letters = ""
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw CLIError.usage("option -\(letter) needs a value (\(option.valueName ?? "VALUE"))", commandPath: state.path)
                }
                try state.setValue(value, for: option)
            }
        }

        if positionals.isEmpty, let fallback = state.defaultSubcommand() {
            state.descend(into: fallback)
        }
        if !state.command.subcommands.isEmpty, state.command.arguments.isEmpty, positionals.isEmpty {
            let names = state.command.subcommands.filter { !$0.isHidden }.map(\.name).joined(separator: ", ")
            throw CLIError.usage("missing command: one of \(names)", commandPath: state.path)
        }
        try state.assignPositionals(positionals)
        return .run(state.result())
    }

    /// `-5`, `-0.5`, `-.5` are numbers, not options; a lone `-` means standard input.
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let afterDash = word.dropFirst()
        if let first = afterDash.first, first.isASCII, first.isNumber || (first == "." && afterDash.count > 1) {
            return false
        }
        return true
    }

    private func helpOutcome(for words: [String], from path: [String]) throws(CLIError) -> ParseOutcome {
        var command = spec.descendant(at: path) ?? spec
        var helpPath = path
        for word in words where !Self.looksLikeOption(word) {
            guard let sub = command.subcommand(named: word) else {
                let known = command.subcommands.filter { !$0.isHidden }.flatMap { [$0.name] + $0.aliases }
                let hint = Suggestions.closest(to: word, among: known).map { "did you mean '\($0)'?" }
                throw CLIError.usage("no help for unknown command '\(word)'", hint: hint, commandPath: helpPath)
            }
            command = sub
            helpPath.append(sub.name)
        }
        return .help(commandPath: helpPath)
    }

    private func unknownCommand(_ word: String, state: State, parent: ArraySlice<String>) -> CLIError {
        let parentCommand = spec.descendant(at: Array(parent)) ?? spec
        let known = parentCommand.subcommands.filter { !$0.isHidden }.flatMap { [$0.name] + $0.aliases }
        let hint = Suggestions.closest(to: word, among: known).map { "did you mean '\($0)'?" }
        return CLIError.usage("unknown command '\(word)'", hint: hint, commandPath: Array(parent))
    }

    /// The parser's position: the command reached so far and what it has collected.
    private struct State {
        var command: CommandSpec
        var path: [String] = []
        /// Options of the ancestors marked global stay available below them.
        var inherited: [OptionSpec] = []
        var optionValues: [String: [String]] = [:]
        var flagCounts: [String: Int] = [:]
        var argumentValues: [String: [String]] = [:]

        init(root: CommandSpec) {
            command = root
        }

        var available: [OptionSpec] { command.options + inherited }

        mutating func descend(into sub: CommandSpec) {
            inherited += command.options.filter { $0.isGlobal }
            command = sub
            path.append(sub.name)
        }

        func defaultSubcommand() -> CommandSpec? {
            command.defaultSubcommand.flatMap { command.subcommand(named: $0) }
        }

        /// The option named `--long` here, or in the default subcommand when this command
        /// has one and no positional has been seen (`tally --format json` is `tally list …`).
        mutating func option(long: String, positionalsSeen: Bool, word: String) throws(CLIError) -> OptionSpec {
            if let found = available.first(where: { $0.long == long }) { return found }
            if !positionalsSeen, let fallback = defaultSubcommand(),
                fallback.options.contains(where: { $0.long == long }) {
                descend(into: fallback)
                return try option(long: long, positionalsSeen: positionalsSeen, word: word)
            }
            var candidates = available
            if !positionalsSeen, let fallback = defaultSubcommand() { candidates += fallback.options }
            let known = candidates.filter { !$0.isHidden }.map { "--" + $0.long } + ["--help"]
            let hint = Suggestions.closest(to: "--" + long, among: known).map { "did you mean '\($0)'?" }
            throw CLIError.usage("unknown option '\(word)'", hint: hint, commandPath: path)
        }

        mutating func option(short: String, positionalsSeen: Bool, word: String) throws(CLIError) -> OptionSpec {
            if let found = available.first(where: { $0.short == short }) { return found }
            if short == "h" { throw CLIError.usage("-h cannot be combined with other options", commandPath: path) }
            if !positionalsSeen, let fallback = defaultSubcommand(),
                fallback.options.contains(where: { $0.short == short }) {
                descend(into: fallback)
                return try option(short: short, positionalsSeen: positionalsSeen, word: word)
            }
            let shown = word.count > 2 ? "-\(short)' (in '\(word)')" : "-\(short)'"
            throw CLIError.usage("unknown option '\(shown)", commandPath: path)
        }

        mutating func setFlag(_ option: OptionSpec) {
            flagCounts[option.long, default: 0] += 1
        }

        mutating func setValue(_ value: String, for option: OptionSpec) throws(CLIError) {
            try Self.requireText(value, unlessPath: option.completion, named: "the value of --\(option.long)")
            if let allowed = option.allowedValues, !allowed.contains(value) {
                let hint = Self.closedSetHint(value, allowed)
                throw CLIError.usage(
                    "invalid value '\(value)' for --\(option.long): expected one of \(allowed.joined(separator: ", "))",
                    hint: hint, commandPath: path)
            }
            if option.isRepeating {
                optionValues[option.long, default: []].append(value)
            } else {
                optionValues[option.long] = [value]
            }
        }

        mutating func assignPositionals(_ words: [String]) throws(CLIError) {
            var remaining = words[...]
            let specs = command.arguments
            for (position, argument) in specs.enumerated() {
                if argument.isRepeating {
                    // Leave one word for each required argument after this one.
                    let requiredAfter = specs[(position + 1)...].filter { !$0.isOptional }.count
                    let take = max(0, remaining.count - requiredAfter)
                    if take == 0 && !argument.isOptional {
                        throw CLIError.usage("missing \(argument.name)", commandPath: path)
                    }
                    argumentValues[argument.name] = Array(remaining.prefix(take))
                    remaining = remaining.dropFirst(take)
                    continue
                }
                guard let word = remaining.first else {
                    if argument.isOptional { continue }
                    throw CLIError.usage("missing \(argument.name)", commandPath: path)
                }
                argumentValues[argument.name] = [word]
                remaining = remaining.dropFirst()
            }
            if let extra = remaining.first {
                throw CLIError.usage("unexpected argument '\(extra)'", commandPath: path)
            }
            for argument in specs {
                for value in argumentValues[argument.name] ?? [] {
                    try Self.requireText(value, unlessPath: argument.completion, named: argument.name)
                }
            }
            for argument in specs {
                guard let allowed = argument.allowedValues else { continue }
                for value in argumentValues[argument.name] ?? [] where !allowed.contains(value) {
                    let hint = Self.closedSetHint(value, allowed)
                    throw CLIError.usage(
                        "invalid \(argument.name) '\(value)': expected one of \(allowed.joined(separator: ", "))",
                        hint: hint, commandPath: path)
                }
            }
        }

        /// Names, amounts and every other value must be valid UTF-8 (two names that
        /// differ only in bytes that are not would otherwise collide); a file name is used
        /// byte for byte and may hold any bytes.
        static func requireText(_ value: String, unlessPath completion: Completion?, named name: String) throws(CLIError) {
            if completion == .file || completion == .directory { return }
            guard LosslessText.holdsEscapes(value) else { return }
            throw CLIError.data("\(name) is not valid UTF-8 text: '\(value)'")
        }

        /// "did you mean" for a value outside a closed set, which the message lists whole.
        /// Not for a number: in a list like 1, 2, 3 a 4 is no misspelling of a 1.
        static func closedSetHint(_ value: String, _ allowed: [String]) -> String? {
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
            return Suggestions.closest(to: value, among: allowed).map { "did you mean '\($0)'?" }
        }

        func result() -> ParsedArguments {
            ParsedArguments(
                commandPath: path, optionValues: optionValues, flagCounts: flagCounts, argumentValues: argumentValues)
        }
    }
}

// --help text, and the usage lines that usage errors repeat, rendered from the spec.

package struct HelpRenderer: Sendable {
    package let root: CommandSpec
    package let width: Int

    package init(root: CommandSpec, width: Int = 80) {
        self.root = root
        self.width = max(40, min(width, 100))
    }

    /// `tally inc`, `tally`: the words that run the command at `path`.
    package func commandLine(_ path: [String]) -> String {
        ([root.name] + path).joined(separator: " ")
    }

    /// Options that apply at `path`: its own and the global ones of its ancestors.
    package func options(at path: [String]) -> [OptionSpec] {
        var command = root
        var inherited: [OptionSpec] = []
        for name in path {
            guard let next = command.subcommand(named: name) else { break }
            inherited += command.options.filter(\.isGlobal)
            command = next
        }
        return command.options + inherited
    }

    /// One usage line: `tally inc NAME [--times K]`, or with many options `[OPTIONS]`.
    package func usage(_ path: [String]) -> String {
        guard let command = root.descendant(at: path) else { return commandLine(path) }
        var parts = [commandLine(path)]
        if !command.subcommands.isEmpty && command.arguments.isEmpty {
            parts.append(command.defaultSubcommand == nil ? "COMMAND" : "[COMMAND]")
        }
        for argument in command.arguments {
            var text = argument.name
            if argument.isRepeating { text += "..." }
            if argument.isOptional { text = "[\(text)]" }
            parts.append(text)
        }
        let own = command.options.filter { !$0.isHidden && !$0.isGlobal }
        if own.count <= 3 {
            for option in own { parts.append("[\(Self.synopsis(option))]") }
            if options(at: path).contains(where: { $0.isGlobal && !$0.isHidden }) { parts.append("[OPTIONS]") }
        } else {
            parts.append("[OPTIONS]")
        }
        return parts.joined(separator: " ")
    }

    /// `--times K`, `-f`, `--format FORMAT`.
    package static func synopsis(_ option: OptionSpec) -> String {
        let name = option.short.map { "-\($0)" } ?? "--\(option.long)"
        guard let value = option.valueName else { return name }
        return "\(name) \(value)"
    }

    /// The full help for the command at `path`.
    package func help(_ path: [String]) -> String {
        guard let command = root.descendant(at: path) else { return "" }
        var lines: [String] = []
        lines += Self.wrap("\(commandLine(path)) - \(command.abstract)", width: width, indent: 0)
        lines.append("")
        lines.append("Usage: \(usage(path))")
        if let discussion = command.discussion {
            lines.append("")
            for paragraph in discussion.paragraphs {
                lines += Self.wrap(paragraph, width: width, indent: 0)
                lines.append("")
            }
            lines.removeLast()
        }
        if !command.arguments.isEmpty {
            lines.append("")
            lines.append("Arguments:")
            lines += entries(command.arguments.map { ($0.name + ($0.isRepeating ? "..." : ""), $0.help) })
        }
        let visibleSubcommands = command.subcommands.filter { !$0.isHidden }
        if !visibleSubcommands.isEmpty {
            lines.append("")
            lines.append("Commands:")
            lines += entries(visibleSubcommands.map { sub in
                let aliases = sub.aliases.isEmpty ? "" : " (also: \(sub.aliases.joined(separator: ", ")))"
                let isDefault = sub.name == command.defaultSubcommand ? " (default)" : ""
                return (sub.name, sub.abstract + isDefault + aliases)
            })
        }
        let visibleOptions = options(at: path).filter { !$0.isHidden }
        lines.append("")
        lines.append("Options:")
        var optionEntries = visibleOptions.map { option -> (String, String) in
            var names = option.short.map { "-\($0), " } ?? "    "
            names += "--\(option.long)"
            if let value = option.valueName { names += " \(value)" }
            var text = option.help
            if let allowed = option.allowedValues, !allowed.allSatisfy({ text.contains($0) }) {
                text += " One of: \(allowed.joined(separator: ", "))."
            }
            if let defaultValue = option.defaultValue, !text.contains("default") {
                text += " (default: \(defaultValue))"
            }
            return (names, text)
        }
        optionEntries.append(("-h, --help", "Show this help and exit."))
        if path.isEmpty {
            optionEntries.append(("    --version", "Show the version and exit."))
            optionEntries.append(("    --generate-completion-script SHELL", CompletionEngine.shortInstallHelp(tool: root.name)))
        }
        lines += entries(optionEntries)
        if !command.examples.isEmpty {
            lines.append("")
            lines.append("Examples:")
            for example in command.examples {
                lines.append("  $ \(example.command)")
                lines += Self.wrap(example.explanation, width: width, indent: 4)
            }
        }
        if path.isEmpty && !command.environment.isEmpty {
            lines.append("")
            lines.append("Environment:")
            lines += entries(command.environment.map { ($0.name, $0.help) })
        }
        if !visibleSubcommands.isEmpty {
            lines.append("")
            lines += Self.wrap(
                "See '\(commandLine(path)) help COMMAND' or '\(commandLine(path)) COMMAND --help' for more on a command.",
                width: width, indent: 0)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two-column entries: the term, then its text wrapped beside it (or below a long term;
    /// a term too long to sit beside its text does not widen the column for the others).
    private func entries(_ items: [(String, String)]) -> [String] {
        let column = min(28, (items.map { DisplayWidth.of($0.0) }.filter { $0 + 4 <= 28 }.max() ?? 0) + 4)
        var lines: [String] = []
        for (term, text) in items {
            let wrapped = Self.wrap(text, width: width, indent: column)
            let head = "  " + term
            if DisplayWidth.of(head) + 2 <= column, let first = wrapped.first {
                lines.append(DisplayWidth.pad(head, to: column) + first.dropFirst(column))
                lines += wrapped.dropFirst()
            } else {
                lines.append(head)
                lines += wrapped
            }
        }
        return lines
    }

    /// Words of `text` in lines of at most `width` columns, each indented by `indent`.
    package static func wrap(_ text: String, width: Int, indent: Int) -> [String] {
        let prefix = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraphLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Lines that start with spaces are preformatted (examples inside prose).
            if paragraphLine.hasPrefix("  ") {
                lines.append(prefix + paragraphLine)
                continue
            }
            var current = ""
            for word in paragraphLine.split(separator: " ") {
                if current.isEmpty {
                    current = String(word)
                } else if indent + DisplayWidth.of(current) + 1 + DisplayWidth.of(String(word)) <= width {
                    current += " " + word
                } else {
                    lines.append(prefix + current)
                    current = String(word)
                }
            }
            lines.append(prefix + current)
        }
        return lines
    }
}

extension String {
    /// Paragraphs: runs of lines separated by blank lines (FoundationEssentials-free).
    var paragraphs: [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current.joined(separator: "\n")); current = [] }
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: "\n")) }
        return result
    }
}

// The man page (mdoc) of a tool, rendered from its spec: NAME, SYNOPSIS, DESCRIPTION
// (with the global options), COMMANDS (one entry per subcommand with its options),
// ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES and SEE ALSO. Written to pass
// `mandoc -Tlint -Wall` clean: one sentence per line, non-ASCII as \[uXXXX] escapes,
// no blank lines, no trailing delimiters in .Nd.

import MoneyKitPlatform

package struct ManualRenderer {
    package let root: CommandSpec
    /// `.Dd` text, e.g. "November 21, 2026".
    package let date: String
    /// The other tools, for SEE ALSO.
    package let seeAlso: [String]
    /// The toolkit's version, for the page footer (.Os).
    package let version: String

    package init(root: CommandSpec, date: String, seeAlso: [String], version: String = StandardOptions.toolkitVersion) {
        self.root = root
        self.date = date
        self.seeAlso = seeAlso
        self.version = version
    }

    /// "November 21, 2026" for seconds since 1970 (UTC), as .Dd wants it.
    package static func mdocDate(epochSeconds: Int64) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                      "September", "October", "November", "December"]
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        let days = epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(months[Int(month) - 1]) \(day), \(year)"
    }

    package func render() -> String {
        var lines: [String] = []
        lines.append(".Dd \(date)")
        lines.append(".Dt \(root.name.uppercased()) 1")
        // mdoc(7): software outside the base system names itself and its version here,
        // which the page footer shows (a bare .Os would read "BSD" or the host system).
        lines.append(".Os MoneyKit \(version)")
        lines.append(".Sh NAME")
        lines.append(".Nm \(root.name)")
        lines.append(".Nd \(Self.trimmedDescription(root.abstract))")

        lines.append(".Sh SYNOPSIS")
        lines.append(".Nm")
        lines += synopsis(of: root, path: [])
        if !root.subcommands.isEmpty {
            for command in root.subcommands where !command.isHidden {
                lines.append(".Nm")
                lines += synopsis(of: command, path: [command.name])
            }
        }

        lines.append(".Sh DESCRIPTION")
        lines += prose(root.discussion ?? root.abstract)
        let globals = root.options.filter { !$0.isHidden }
        if !globals.isEmpty {
            lines.append(".Pp")
            lines.append("Options accepted by every command:")
            lines += optionList(globals + Self.builtins + [Self.completionScript(tool: root.name)])
        }

        let commands = root.subcommands.filter { !$0.isHidden }
        if !commands.isEmpty {
            lines.append(".Sh COMMANDS")
            if let fallback = root.defaultSubcommand {
                lines.append("Without a command,")
                lines.append(".Nm")
                lines.append("runs")
                lines.append(".Cm \(fallback) .")
            }
            lines.append(".Bl -tag -width Ds")
            for command in commands { lines += commandEntry(command, path: [command.name]) }
            lines.append(".El")
        }

        if !root.environment.isEmpty {
            lines.append(".Sh ENVIRONMENT")
            lines.append(".Bl -tag -width Ds")
            for variable in root.environment {
                lines.append(".It " + variable.name.split(separator: ",").map { "Ev \($0.trimmingSpaces)" }.joined(separator: " , "))
                lines += prose(variable.help)
            }
            lines.append(".El")
        }
        if !root.files.isEmpty {
            lines.append(".Sh FILES")
            lines.append(".Bl -tag -width Ds")
            for file in root.files {
                lines.append(".It Pa \(Self.escapeArgument(file.path))")
                lines += prose(file.help)
            }
            lines.append(".El")
        }
        if !root.exitStatus.isEmpty {
            lines.append(".Sh EXIT STATUS")
            lines.append(".Bl -tag -width Ds")
            for status in root.exitStatus {
                lines.append(".It \(status.code)")
                lines += prose(status.meaning)
            }
            lines.append(".El")
        }
        let examples = root.examples + root.subcommands.flatMap(\.examples)
        if !examples.isEmpty {
            lines.append(".Sh EXAMPLES")
            for (index, example) in examples.enumerated() {
                if index > 0 { lines.append(".Pp") }
                lines += prose(example.explanation)
                lines.append(".Bd -literal -offset indent")
                lines.append(Self.escapeText("$ " + example.command))
                lines.append(".Ed")
            }
        }
        let others = seeAlso.filter { $0 != root.name }.sorted()
        if !others.isEmpty {
            lines.append(".Sh SEE ALSO")
            for (index, tool) in others.enumerated() {
                lines.append(".Xr \(tool) 1" + (index < others.count - 1 ? " ," : ""))
            }
        }
        if let security = root.security {
            lines.append(".Sh SECURITY CONSIDERATIONS")
            lines += prose(security)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let builtins: [OptionSpec] = [
        .flag("help", short: "h", help: "Show help and exit; help COMMAND shows a command's."),
        .flag("version", help: "Show the version and exit."),
    ]

    /// The option that prints a shell's completion script, with how to install it.
    static func completionScript(tool: String) -> OptionSpec {
        .option("generate-completion-script", value: "SHELL", help: CompletionEngine.installHelp(tool: tool))
    }

    /// Usage of one command: `Cm inc Ar NAME Op Fl n Ar K`.
    private func synopsis(of command: CommandSpec, path: [String]) -> [String] {
        var lines: [String] = []
        if !path.isEmpty { lines.append(".Cm " + path.joined(separator: " ")) }
        if !command.subcommands.isEmpty && command.arguments.isEmpty {
            lines.append(command.defaultSubcommand == nil ? ".Ar command" : ".Op Ar command")
        }
        for option in command.options where !option.isHidden && (path.isEmpty || !option.isGlobal) {
            lines.append(".Op " + Self.optionMacro(option))
        }
        for argument in command.arguments {
            let name = argument.name.lowercased()
            var text = "Ar \(name)"
            if argument.isRepeating { text += " ..." }
            lines.append(argument.isOptional ? ".Op \(text)" : ".\(text)")
        }
        return lines
    }

    private func commandEntry(_ command: CommandSpec, path: [String]) -> [String] {
        var head = ".It Cm " + path.joined(separator: " ")
        for argument in command.arguments {
            let name = "Ar " + argument.name.lowercased() + (argument.isRepeating ? " ..." : "")
            head += argument.isOptional ? " Op \(name)" : " \(name)"
        }
        var lines = [head]
        var text = command.abstract + "."
        if !command.aliases.isEmpty { text += " Also: " + command.aliases.joined(separator: ", ") + "." }
        lines += prose(text)
        if let discussion = command.discussion {
            lines.append(".Pp")
            lines += prose(discussion)
        }
        let options = command.options.filter { !$0.isHidden && !$0.isGlobal }
        if !options.isEmpty { lines += optionList(options) }
        let subcommands = command.subcommands.filter { !$0.isHidden }
        if !subcommands.isEmpty {
            lines.append(".Bl -tag -width Ds")
            for sub in subcommands { lines += commandEntry(sub, path: path + [sub.name]) }
            lines.append(".El")
        }
        return lines
    }

    private func optionList(_ options: [OptionSpec]) -> [String] {
        var lines = [".Bl -tag -width Ds"]
        for option in options {
            var head = ".It "
            if let short = option.short { head += "Fl \(short) , " }
            head += "Fl -\(option.long)"
            if let value = option.valueName { head += " Ar \(Self.escapeArgument(value.lowercased()))" }
            lines.append(head)
            var help = option.help
            if let allowed = option.allowedValues, !allowed.allSatisfy({ help.contains($0) }) {
                help += " One of: \(allowed.joined(separator: ", "))."
            }
            if let fallback = option.defaultValue, !help.contains("default") { help += " Default: \(fallback)." }
            lines += prose(help)
        }
        lines.append(".El")
        return lines
    }

    /// `Fl n Ar k` or `Fl -format Ar format`.
    static func optionMacro(_ option: OptionSpec) -> String {
        var text = option.short.map { "Fl \($0)" } ?? "Fl -\(option.long)"
        if let value = option.valueName { text += " Ar \(escapeArgument(value.lowercased()))" }
        return text
    }

    /// Prose as mdoc text lines: paragraphs separated by .Pp, one sentence per line.
    func prose(_ text: String) -> [String] {
        var lines: [String] = []
        for (index, paragraph) in text.paragraphs.enumerated() {
            if index > 0 { lines.append(".Pp") }
            let flat = paragraph.split(separator: "\n").map { $0.trimmingSpaces }.joined(separator: " ")
            for sentence in Self.sentences(flat) { lines += Self.wrapped(Self.escapeText(sentence)) }
        }
        return lines
    }

    /// Splits after ". ", "? ", "! " and ": " when a capital letter or a digit follows.
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            current.append(character)
            if ".?!".contains(character), index + 2 < characters.count, characters[index + 1] == " ",
                characters[index + 2].isUppercase || characters[index + 2].isNumber,
                !current.hasSuffix("e.g.") && !current.hasSuffix("i.e.") {
                result.append(current)
                current = ""
                index += 2
                continue
            }
            index += 1
        }
        if !current.isEmpty { result.append(current) }
        return result.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// A long text line broken between words into lines of at most 80 bytes (mandoc
    /// joins them again); a piece that would start with a dot or quote is protected.
    static func wrapped(_ line: String, limit: Int = 78) -> [String] {
        guard line.utf8.count > limit else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > limit {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// A text line: backslashes escaped, a leading dot or quote protected, non-ASCII as
    /// \[uXXXX].
    static func escapeText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            default:
                if scalar.isASCII {
                    result.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// A macro argument: escaped like text, and quoted when it holds spaces.
    static func escapeArgument(_ text: String) -> String {
        let escaped = escapeText(text)
        return escaped.contains(" ") ? "\"\(escaped)\"" : escaped
    }

    /// .Nd wants no trailing period.
    static func trimmedDescription(_ text: String) -> String {
        var result = escapeText(text)
        while result.hasSuffix(".") { result.removeLast() }
        return result
    }
}

// The command spec: one description of a tool's commands that drives parsing, --help,
// errors, the --dump-help JSON, the man page and the shell completions.

/// A command or subcommand.
package struct CommandSpec: Sendable, Codable, Equatable {
    package var name: String
    /// One line, no final period: shown in lists and the man page's NAME.
    package var abstract: String
    /// Paragraphs for --help and the man page, separated by blank lines.
    package var discussion: String?
    package var aliases: [String]
    package var options: [OptionSpec]
    package var arguments: [ArgumentSpec]
    package var subcommands: [CommandSpec]
    /// The subcommand run when none is named (`tally` alone is `tally list`).
    package var defaultSubcommand: String?
    package var examples: [ExampleSpec]
    package var environment: [EnvironmentSpec]
    package var files: [FileSpec]
    package var exitStatus: [ExitStatusSpec]
    /// The man page's SECURITY CONSIDERATIONS: what is written how, for people who audit.
    package var security: String?
    package var isHidden: Bool

    package init(
        name: String, abstract: String, discussion: String? = nil, aliases: [String] = [],
        options: [OptionSpec] = [], arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
        defaultSubcommand: String? = nil, examples: [ExampleSpec] = [], environment: [EnvironmentSpec] = [],
        files: [FileSpec] = [], exitStatus: [ExitStatusSpec] = [], security: String? = nil, isHidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.aliases = aliases
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.examples = examples
        self.environment = environment
        self.files = files
        self.exitStatus = exitStatus
        self.security = security
        self.isHidden = isHidden
    }

    /// The subcommand called `word`, by name or alias.
    package func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// The command at `path` below this one (names, not aliases), or nil.
    package func descendant(at path: [String]) -> CommandSpec? {
        var command = self
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }
}

/// An option: a flag (`--force`) or an option with a value (`--format json`).
package struct OptionSpec: Sendable, Codable, Equatable {
    /// The long name without dashes: `format`.
    package var long: String
    /// The one-letter short name without the dash: `f`.
    package var short: String?
    /// The value's name in help (`FORMAT`), or nil for a flag.
    package var valueName: String?
    package var help: String
    package var defaultValue: String?
    /// The only values accepted, when the set is closed (`text`, `json`, `csv`, `tsv`).
    package var allowedValues: [String]?
    /// May be given more than once, each value kept.
    package var isRepeating: Bool
    /// Accepted by every subcommand too (`--file`, `--color`).
    package var isGlobal: Bool
    package var isHidden: Bool
    /// What a shell may complete the value with.
    package var completion: Completion?

    package var isFlag: Bool { valueName == nil }

    /// A flag: `.flag("force", short: "f", help: "…")`.
    package static func flag(
        _ long: String, short: Character? = nil, help: String, global: Bool = false, hidden: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short.map(String.init), valueName: nil, help: help, defaultValue: nil,
            allowedValues: nil, isRepeating: false, isGlobal: global, isHidden: hidden, completion: nil)
    }

    /// An option with a value: `.option("format", value: "FORMAT", allowed: […], help: "…")`.
    package static func option(
        _ long: String, short: Character? = nil, value: String, help: String, default defaultValue: String? = nil,
        allowed: [String]? = nil, repeating: Bool = false, global: Bool = false, hidden: Bool = false,
        completion: Completion? = nil
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short.map(String.init), valueName: value, help: help, defaultValue: defaultValue,
            allowedValues: allowed, isRepeating: repeating, isGlobal: global, isHidden: hidden,
            completion: completion ?? allowed.map { .values($0) })
    }
}

/// A positional argument.
package struct ArgumentSpec: Sendable, Codable, Equatable {
    /// The name shown in usage and help: `NAME`, `AMOUNT`.
    package var name: String
    package var help: String
    package var isOptional: Bool
    /// Takes all remaining positional words (`TOKEN...`).
    package var isRepeating: Bool
    package var allowedValues: [String]?
    package var completion: Completion?

    package init(
        _ name: String, help: String, optional: Bool = false, repeating: Bool = false,
        allowed: [String]? = nil, completion: Completion? = nil
    ) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
        self.allowedValues = allowed
        self.completion = completion ?? allowed.map { .values($0) }
    }
}

/// What a shell completes a value with.
package enum Completion: Sendable, Codable, Equatable {
    /// A fixed list.
    case values([String])
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// Names the tool itself lists at completion time, by running
    /// `TOOL COMMAND…` (e.g. `tally list --names`): one name a line.
    case dynamic([String])
}

package struct ExampleSpec: Sendable, Codable, Equatable {
    package var command: String
    package var explanation: String

    package init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}

package struct EnvironmentSpec: Sendable, Codable, Equatable {
    package var name: String
    package var help: String

    package init(_ name: String, _ help: String) {
        self.name = name
        self.help = help
    }
}

package struct FileSpec: Sendable, Codable, Equatable {
    package var path: String
    package var help: String

    package init(_ path: String, _ help: String) {
        self.path = path
        self.help = help
    }
}

package struct ExitStatusSpec: Sendable, Codable, Equatable {
    package var code: Int32
    package var meaning: String

    package init(_ code: ExitCode, _ meaning: String? = nil) {
        self.code = code.rawValue
        self.meaning = meaning ?? code.meaning
    }
}

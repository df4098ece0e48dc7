// The command spec: one description of a tool's commands that drives parsing, --help,
// errors, the --dump-help JSON, the man page and the shell completions.

/// A command or subcommand.
///
/// Its prose (discussion, examples, environment, files, exit statuses, security) and every
/// option's and argument's help are made only when --help, the man page, the completions or
/// the spec's JSON read them: each start of a tool builds its whole tree to parse argv, and
/// never reads them (tillcount's root prose alone cost 0.6 M instructions a start).
package struct CommandSpec: Sendable, Equatable {
    package var name: String
    /// One line, no final period: shown in lists and the man page's NAME.
    package var abstract: String
    package var aliases: [String]
    package var options: [OptionSpec]
    package var arguments: [ArgumentSpec]
    package var subcommands: [CommandSpec]
    /// The subcommand run when none is named (`tally` alone is `tally list`).
    package var defaultSubcommand: String?
    package var isHidden: Bool
    private let makeDiscussion: @Sendable () -> String?
    private let makeExamples: @Sendable () -> [ExampleSpec]
    private let makeEnvironment: @Sendable () -> [EnvironmentSpec]
    private let makeFiles: @Sendable () -> [FileSpec]
    private let makeExitStatus: @Sendable () -> [ExitStatusSpec]
    private let makeSecurity: @Sendable () -> String?

    /// Paragraphs for --help and the man page, separated by blank lines.
    package var discussion: String? { makeDiscussion() }
    package var examples: [ExampleSpec] { makeExamples() }
    package var environment: [EnvironmentSpec] { makeEnvironment() }
    package var files: [FileSpec] { makeFiles() }
    package var exitStatus: [ExitStatusSpec] { makeExitStatus() }
    /// The man page's SECURITY CONSIDERATIONS: what is written how, for people who audit.
    package var security: String? { makeSecurity() }

    package init(
        name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String? = nil, aliases: [String] = [],
        options: [OptionSpec] = [], arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
        defaultSubcommand: String? = nil, examples: @autoclosure @escaping @Sendable () -> [ExampleSpec] = [],
        environment: @autoclosure @escaping @Sendable () -> [EnvironmentSpec] = [],
        files: @autoclosure @escaping @Sendable () -> [FileSpec] = [], exitStatus: @autoclosure @escaping @Sendable () -> [ExitStatusSpec] = [],
        security: @autoclosure @escaping @Sendable () -> String? = nil, isHidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.makeDiscussion = discussion
        self.aliases = aliases
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.makeExamples = examples
        self.makeEnvironment = environment
        self.makeFiles = files
        self.makeExitStatus = exitStatus
        self.makeSecurity = security
        self.isHidden = isHidden
    }

    /// Equal when every field reads the same, the prose made to compare.
    package static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool {
        lhs.name == rhs.name && lhs.abstract == rhs.abstract && lhs.aliases == rhs.aliases && lhs.options == rhs.options
            && lhs.arguments == rhs.arguments && lhs.subcommands == rhs.subcommands && lhs.defaultSubcommand == rhs.defaultSubcommand
            && lhs.isHidden == rhs.isHidden && lhs.discussion == rhs.discussion && lhs.examples == rhs.examples
            && lhs.environment == rhs.environment && lhs.files == rhs.files && lhs.exitStatus == rhs.exitStatus
            && lhs.security == rhs.security
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
package struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes: `format`.
    package var long: String
    /// The one-letter short name without the dash: `f`.
    package var short: String?
    /// The value's name in help (`FORMAT`), or nil for a flag.
    package var valueName: String?
    /// The help line, made when help, the man page or completions read it (see CommandSpec).
    package var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
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

    /// An option with these fields (`.flag` and `.option` say it shorter).
    package init(
        long: String, short: String?, valueName: String?, help: @autoclosure @escaping @Sendable () -> String, defaultValue: String?,
        allowedValues: [String]?, isRepeating: Bool, isGlobal: Bool, isHidden: Bool, completion: Completion?
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.makeHelp = help
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.isRepeating = isRepeating
        self.isGlobal = isGlobal
        self.isHidden = isHidden
        self.completion = completion
    }

    /// Equal when every field reads the same, the help made to compare.
    package static func == (lhs: OptionSpec, rhs: OptionSpec) -> Bool {
        lhs.long == rhs.long && lhs.short == rhs.short && lhs.valueName == rhs.valueName && lhs.defaultValue == rhs.defaultValue
            && lhs.allowedValues == rhs.allowedValues && lhs.isRepeating == rhs.isRepeating && lhs.isGlobal == rhs.isGlobal
            && lhs.isHidden == rhs.isHidden && lhs.completion == rhs.completion && lhs.help == rhs.help
    }

    /// A flag: `.flag("force", short: "f", help: "…")`.
    package static func flag(
        _ long: String, short: Character? = nil, help: @autoclosure @escaping @Sendable () -> String, global: Bool = false, hidden: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short.map(String.init), valueName: nil, help: help(), defaultValue: nil,
            allowedValues: nil, isRepeating: false, isGlobal: global, isHidden: hidden, completion: nil)
    }

    /// An option with a value: `.option("format", value: "FORMAT", allowed: […], help: "…")`.
    package static func option(
        _ long: String, short: Character? = nil, value: String, help: @autoclosure @escaping @Sendable () -> String, default defaultValue: String? = nil,
        allowed: [String]? = nil, repeating: Bool = false, global: Bool = false, hidden: Bool = false,
        completion: Completion? = nil
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short.map(String.init), valueName: value, help: help(), defaultValue: defaultValue,
            allowedValues: allowed, isRepeating: repeating, isGlobal: global, isHidden: hidden,
            completion: completion ?? allowed.map { .values($0) })
    }
}

/// A positional argument.
package struct ArgumentSpec: Sendable, Equatable {
    /// The name shown in usage and help: `NAME`, `AMOUNT`.
    package var name: String
    /// The help line, made when help or the man page read it (see CommandSpec).
    package var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    package var isOptional: Bool
    /// Takes all remaining positional words (`TOKEN...`).
    package var isRepeating: Bool
    package var allowedValues: [String]?
    package var completion: Completion?

    package init(
        _ name: String, help: @autoclosure @escaping @Sendable () -> String, optional: Bool = false, repeating: Bool = false,
        allowed: [String]? = nil, completion: Completion? = nil
    ) {
        self.name = name
        self.makeHelp = help
        self.isOptional = optional
        self.isRepeating = repeating
        self.allowedValues = allowed
        self.completion = completion ?? allowed.map { .values($0) }
    }

    /// Equal when every field reads the same, the help made to compare.
    package static func == (lhs: ArgumentSpec, rhs: ArgumentSpec) -> Bool {
        lhs.name == rhs.name && lhs.isOptional == rhs.isOptional && lhs.isRepeating == rhs.isRepeating
            && lhs.allowedValues == rhs.allowedValues && lhs.completion == rhs.completion && lhs.help == rhs.help
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

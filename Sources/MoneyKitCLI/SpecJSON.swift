// The hidden `--dump-help` output: the whole spec as versioned JSON, which the manual
// plugin and the completion generators read. Bump `version` when the shape changes.

import MoneyKit
import MoneyKitStorage

package enum SpecJSON {
    /// Version of this JSON shape (not of the tool).
    package static let version = 1

    package static func document(for root: CommandSpec, toolVersion: String) -> JSONValue {
        .object([
            ("dumpHelpVersion", .integer(version)),
            ("tool", .string(root.name)),
            ("version", .string(toolVersion)),
            ("command", command(root, isRoot: true)),
        ])
    }

    static func command(_ spec: CommandSpec, isRoot: Bool) -> JSONValue {
        var builtins: [JSONValue] = [
            option(.flag("help", short: "h", help: "Show help and exit."), builtin: true),
        ]
        if isRoot { builtins.append(option(.flag("version", help: "Show the version and exit."), builtin: true)) }
        return .object([
            ("name", .string(spec.name)),
            ("abstract", .string(spec.abstract)),
            ("discussion", spec.discussion.map(JSONValue.string) ?? .null),
            ("aliases", .array(spec.aliases.map(JSONValue.string))),
            ("hidden", .bool(spec.isHidden)),
            ("defaultSubcommand", spec.defaultSubcommand.map(JSONValue.string) ?? .null),
            ("options", .array(spec.options.map { option($0, builtin: false) } + builtins)),
            ("arguments", .array(spec.arguments.map(argument))),
            ("subcommands", .array(spec.subcommands.map { command($0, isRoot: false) })),
            ("examples", .array(spec.examples.map {
                .object([("command", .string($0.command)), ("explanation", .string($0.explanation))])
            })),
            ("environment", .array(spec.environment.map {
                .object([("name", .string($0.name)), ("help", .string($0.help))])
            })),
            ("files", .array(spec.files.map { .object([("path", .string($0.path)), ("help", .string($0.help))]) })),
            ("security", spec.security.map(JSONValue.string) ?? .null),
            ("exitStatus", .array(spec.exitStatus.map {
                .object([("code", .integer(Int64($0.code))), ("meaning", .string($0.meaning))])
            })),
        ])
    }

    static func option(_ option: OptionSpec, builtin: Bool) -> JSONValue {
        .object([
            ("long", .string(option.long)),
            ("short", option.short.map(JSONValue.string) ?? .null),
            ("valueName", option.valueName.map(JSONValue.string) ?? .null),
            ("help", .string(option.help)),
            ("default", option.defaultValue.map(JSONValue.string) ?? .null),
            ("allowedValues", option.allowedValues.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("repeating", .bool(option.isRepeating)),
            ("global", .bool(option.isGlobal)),
            ("hidden", .bool(option.isHidden)),
            ("builtin", .bool(builtin)),
            ("completion", completion(option.completion)),
        ])
    }

    static func argument(_ argument: ArgumentSpec) -> JSONValue {
        .object([
            ("name", .string(argument.name)),
            ("help", .string(argument.help)),
            ("optional", .bool(argument.isOptional)),
            ("repeating", .bool(argument.isRepeating)),
            ("allowedValues", argument.allowedValues.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("completion", completion(argument.completion)),
        ])
    }

    static func completion(_ completion: Completion?) -> JSONValue {
        switch completion {
        case nil: return .null
        case .values(let values)?: return .object([("kind", .string("values")), ("values", .array(values.map(JSONValue.string)))])
        case .file?: return .object([("kind", .string("file"))])
        case .directory?: return .object([("kind", .string("directory"))])
        case .dynamic(let command)?:
            return .object([("kind", .string("dynamic")), ("command", .array(command.map(JSONValue.string)))])
        }
    }
}

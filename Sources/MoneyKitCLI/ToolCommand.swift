// A tool's commands as one tree of values: each node carries its spec and, for a leaf, the
// handler that runs it. The spec the parser, --help, the man page and the completions read
// is assembled from the same tree, so a command cannot be described without being handled
// or handled without being described, and no handler is found by comparing strings.

/// A command of a tool, run with the tool's `Context` (what its commands share: the
/// invocation, an open store).
package struct ToolCommand<Context>: Sendable {
    /// The command's spec, its subcommands' specs included (assembled from the tree).
    package let spec: CommandSpec
    package let subcommands: [ToolCommand<Context>]
    let handler: (@Sendable (Context) throws -> ExitCode)?

    /// A command that runs: `spec` must have no subcommands of its own.
    package static func leaf(_ spec: CommandSpec, run: @escaping @Sendable (Context) throws -> ExitCode) -> ToolCommand {
        ToolCommand(spec: spec, subcommands: [], handler: run)
    }

    /// A command made of subcommands; `spec`'s own subcommand list is replaced by theirs.
    /// Its default subcommand (`tally` alone is `tally list`) is named in `spec`; `run`,
    /// when given, is what the command does named alone (`billsplit AMOUNT`).
    package static func group(
        _ spec: CommandSpec, run: (@Sendable (Context) throws -> ExitCode)? = nil, _ subcommands: [ToolCommand]
    ) -> ToolCommand {
        var assembled = spec
        assembled.subcommands = subcommands.map { $0.spec }  // a closure: the key path costs tally 56 K instructions a start
        return ToolCommand(spec: assembled, subcommands: subcommands, handler: run)
    }

    /// The handler of the command at `path` (names as the parser gives them), or nil when
    /// the path names no command that runs.
    package func handler(at path: [String]) -> (@Sendable (Context) throws -> ExitCode)? {
        var command = self
        for name in path {
            guard let next = command.subcommands.first(where: { $0.spec.name == name }) else { return nil }
            command = next
        }
        return command.handler
    }

    /// Every path from here to a leaf, e.g. `["history", "rm"]`.
    package var leafPaths: [[String]] {
        guard !subcommands.isEmpty else { return [[]] }
        return subcommands.flatMap { child in child.leafPaths.map { [child.spec.name] + $0 } }
    }

    /// Every path that runs something: the leaves, and the groups with a handler of
    /// their own (`[]` for `billsplit AMOUNT`).
    package var runnablePaths: [[String]] {
        let own: [[String]] = handler == nil || subcommands.isEmpty ? [] : [[]]
        guard !subcommands.isEmpty else { return [[]] }
        return own + subcommands.flatMap { child in child.runnablePaths.map { [child.spec.name] + $0 } }
    }

    /// What is wrong with the tree, for a test: a group without subcommands, a leaf whose
    /// spec lists subcommands the tree does not handle, a default subcommand that is not
    /// one of the group's, or two subcommands sharing a name or alias.
    package var defects: [String] {
        var found: [String] = []
        collectDefects(path: [spec.name], into: &found)
        return found
    }

    private func collectDefects(path: [String], into found: inout [String]) {
        let here = path.joined(separator: " ")
        if handler == nil && subcommands.isEmpty { found.append("\(here): a group with no subcommands") }
        if subcommands.isEmpty && !spec.subcommands.isEmpty { found.append("\(here): a leaf whose spec has subcommands") }
        if let fallback = spec.defaultSubcommand, !subcommands.contains(where: { $0.spec.name == fallback }) {
            found.append("\(here): default subcommand '\(fallback)' is not one of its subcommands")
        }
        var seen: Set<String> = []
        for word in subcommands.flatMap({ [$0.spec.name] + $0.spec.aliases }) where !seen.insert(word).inserted {
            found.append("\(here): '\(word)' names two subcommands")
        }
        for child in subcommands { child.collectDefects(path: path + [child.spec.name], into: &found) }
    }
}

extension ToolCommand {
    /// Runs the command the parser chose; a path naming no leaf is a usage error (the
    /// parser refuses those first, so this is the tree's own guard).
    package func run(_ context: Context, path: [String]) throws -> ExitCode {
        guard let handler = handler(at: path) else {
            throw CLIError.usage("unknown command '\(path.joined(separator: " "))'")
        }
        return try handler(context)
    }
}

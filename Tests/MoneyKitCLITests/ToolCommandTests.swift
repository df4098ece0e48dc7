// The command tree: the spec assembled from it, dispatch by path, and the defects a
// tool's tree is checked for.

import Testing
@testable import MoneyKitCLI

private let tree = ToolCommand<String>.group(
    CommandSpec(name: "tool", abstract: "a tool", defaultSubcommand: "list"),
    [
        .leaf(CommandSpec(name: "list", abstract: "List", aliases: ["ls"])) { context in
            context == "ok" ? .ok : .dataError
        },
        .group(
            CommandSpec(name: "history", abstract: "History"),
            [.leaf(CommandSpec(name: "rm", abstract: "Remove")) { _ in .noInput }]),
    ])

@Suite struct ToolCommandTests {
    @Test func theSpecIsAssembledFromTheTree() {
        #expect(tree.spec.subcommands.map(\.name) == ["list", "history"])
        #expect(tree.spec.descendant(at: ["history", "rm"])?.abstract == "Remove")
        #expect(tree.leafPaths == [["list"], ["history", "rm"]])
    }

    @Test func dispatchFollowsThePathToALeaf() throws {
        #expect(try tree.run("ok", path: ["list"]) == .ok)
        #expect(try tree.run("other", path: ["list"]) == .dataError)
        #expect(try tree.run("ok", path: ["history", "rm"]) == .noInput)
    }

    @Test func aGroupMayRunAHandlerOfItsOwn() throws {
        let rooted = ToolCommand<String>.group(
            CommandSpec(name: "tool", abstract: "a tool"), run: { _ in .ok },
            [.leaf(CommandSpec(name: "prefs", abstract: "Prefs")) { _ in .noInput }])
        #expect(try rooted.run("", path: []) == .ok)
        #expect(try rooted.run("", path: ["prefs"]) == .noInput)
        #expect(rooted.runnablePaths == [[], ["prefs"]])
        #expect(rooted.defects.isEmpty)
        #expect(tree.runnablePaths == [["list"], ["history", "rm"]])
    }

    @Test func aPathNamingNoLeafIsAUsageError() {
        for path in [["history"], ["nope"], ["list", "extra"]] {
            #expect(throws: CLIError.self) { try tree.run("ok", path: path) }
        }
    }

    @Test func aSoundTreeHasNoDefects() {
        #expect(tree.defects.isEmpty)
    }

    @Test func defectsAreNamed() {
        let broken = ToolCommand<String>.group(
            CommandSpec(name: "tool", abstract: "a tool", defaultSubcommand: "missing"),
            [
                .leaf(CommandSpec(name: "a", abstract: "A", aliases: ["b"])) { _ in .ok },
                .leaf(CommandSpec(name: "b", abstract: "B")) { _ in .ok },
                .leaf(CommandSpec(name: "c", abstract: "C", subcommands: [CommandSpec(name: "d", abstract: "D")])) { _ in .ok },
                .group(CommandSpec(name: "e", abstract: "E"), []),
            ])
        let defects = broken.defects
        #expect(defects.contains("tool: default subcommand 'missing' is not one of its subcommands"))
        #expect(defects.contains("tool: 'b' names two subcommands"))
        #expect(defects.contains("tool c: a leaf whose spec has subcommands"))
        #expect(defects.contains("tool e: a group with no subcommands"))
        #expect(defects.count == 4)
    }
}

// No help or manual text shows a stray backslash (issue 26, item 37). The cause was a
// Swift multi-line string that ended its lines with `\\` (an escaped backslash, kept in
// the text) where `\` (a line continuation) was meant: "at each \ period's end" in
// portfolio's --help and "\e" in its man page. The class: every text of every spec of the
// four tools (abstracts, discussions, options, arguments, examples, environment, files,
// exit status), every --help page rendered from them, and every man page. A backslash
// that is text is shown as an escape the reader types or sees (`printf 'a\n'`, "shown
// escaped (\x1B, \u{202E})"): it is followed by a letter. One followed by a space, a line
// break, punctuation or nothing is stray. In-process: the specs are values, no tool is started.

import Testing
import MoneyKitCLI
@testable import billsplit
@testable import portfolio
@testable import tally
@testable import tillcount

@Suite struct HelpTextBackslashTests {
    /// The stray backslashes of `text`: each with what follows it (empty at the end).
    static func strays(_ text: String, backslash: String = "\\") -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: backslash) {
            rest = rest[range.upperBound...]
            guard let next = rest.first, next.isLetter, next.isASCII else {
                found.append(String(rest.prefix(12)))
                continue
            }
        }
        return found
    }

    static let roots: [CommandSpec] = [
        BillsplitCommandTree.tree.spec, PortfolioCommandTree.tree.spec, TallyCommandTree.tree.spec, TillcountCommandTree.tree.spec,
    ]

    /// Every command of `spec` with its path, the root first.
    static func commands(_ spec: CommandSpec, _ path: [String] = []) -> [(path: [String], spec: CommandSpec)] {
        [(path, spec)] + spec.subcommands.flatMap { commands($0, path + [$0.name]) }
    }

    /// Every piece of prose a spec holds, labelled with where it is.
    static func texts(_ spec: CommandSpec, path: [String]) -> [(where: String, text: String)] {
        let name = ([spec.name] + path).joined(separator: " ")
        var texts: [(String, String)] = [("\(name): abstract", spec.abstract)]
        if let discussion = spec.discussion { texts.append(("\(name): discussion", discussion)) }
        if let security = spec.security { texts.append(("\(name): security", security)) }
        texts += spec.options.map { ("\(name) --\($0.long)", $0.help) }
        texts += spec.arguments.map { ("\(name) \($0.name)", $0.help) }
        texts += spec.examples.flatMap { [("\(name): example", $0.command), ("\(name): example", $0.explanation)] }
        texts += spec.environment.map { ("\(name) $\($0.name)", $0.help) }
        texts += spec.files.map { ("\(name) \($0.path)", $0.help) }
        texts += spec.exitStatus.map { ("\(name): exit \($0.code)", $0.meaning) }
        return texts
    }

    @Test(arguments: roots.map(\.name))
    func noSpecTextHoldsABackslash(tool: String) throws {
        let root = try #require(Self.roots.first { $0.name == tool })
        var checked = 0
        for command in Self.commands(root) {
            for text in Self.texts(command.spec, path: command.path) {
                #expect(Self.strays(text.text).isEmpty, "\(text.where): \(text.text)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test(arguments: roots.map(\.name))
    func noHelpPageOrManualShowsABackslash(tool: String) throws {
        let root = try #require(Self.roots.first { $0.name == tool })
        let renderer = HelpRenderer(root: root, width: 80)
        for command in Self.commands(root) where !command.spec.isHidden {
            let help = renderer.help(command.path)
            #expect(Self.strays(help).isEmpty, "\(tool) \(command.path.joined(separator: " ")) --help: \(Self.strays(help))")
        }
        // mdoc writes a backslash of the text as \e: the same rule for what follows it.
        let manual = ManualRenderer(root: root, date: "November 27, 2026", seeAlso: []).render()
        for (number, line) in manual.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            #expect(Self.strays(String(line), backslash: "\\e").isEmpty, "\(tool).1 line \(number + 1): \(line)")
        }
    }
}

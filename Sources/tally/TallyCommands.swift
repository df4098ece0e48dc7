// The tally commands that read or change counters, one function each.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI

struct TallyCommands {
    let invocation: Invocation
    let store: TallyStore

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        self.store = try TallyStore(invocation: invocation)
    }

    func run() throws -> ExitCode {
        switch arguments.commandPath.first ?? "list" {
        case "list": return try list()
        case "new": return try create()
        case "get": return try get()
        case "inc": return try changeBySteps(sign: 1)
        case "dec": return try changeBySteps(sign: -1)
        case "add": return try add()
        case "set": return try setCount()
        case "reset": return try reset()
        case "rename": return try rename()
        case "step": return try changeStep()
        case "pin": return try setPinned(true)
        case "unpin": return try setPinned(false)
        case "rm": return try remove()
        case "undo": return try undo()
        case "show": return try show()
        case "export": return try CounterTransfer(commands: self).export()
        case "import": return try CounterTransfer(commands: self).importCounters()
        case "tap": return try TapScreen(commands: self).run()
        case "feed": return try FeedCommand(commands: self).run()
        default:
            throw CLIError.usage("unknown command '\(arguments.commandPath.joined(separator: " "))'")
        }
    }

    var name: String { arguments.argument("NAME") ?? "" }

    /// A whole-number positional, as a usage error when malformed and 65 when too large.
    func number(_ argument: String) throws(CLIError) -> Int64 {
        guard let value = try arguments.integerArgument(argument) else {
            throw CLIError.usage("missing \(argument)", commandPath: arguments.commandPath)
        }
        return value
    }

    // MARK: reading

    private func list() throws -> ExitCode {
        let counters = try store.load().counters.sorted(by: Counter.listOrder)
        if arguments.flag("names") {
            // One line per name, always: a name stored before the name rule may hold a
            // newline, shown escaped.
            for counter in counters { out.line(counter.name.terminalSafe) }
            return .ok
        }
        let format = OutputFormat.chosen(in: arguments)
        if counters.isEmpty && format == .text {
            invocation.err.line("No counters yet. Create one with: tally new NAME")
            return .ok
        }
        CounterRendering(invocation: invocation).printList(counters, format: format)
        return .ok
    }

    private func get() throws -> ExitCode {
        out.line(String(try store.load().counter(named: name).count))
        return .ok
    }

    private func show() throws -> ExitCode {
        let counter = try store.load().counter(named: name)
        CounterRendering(invocation: invocation).printDetail(counter, format: OutputFormat.chosen(in: arguments))
        return .ok
    }

    // MARK: changing

    private func create() throws -> ExitCode {
        let start = try arguments.integer("start") ?? 0
        let step = try arguments.integer("step") ?? 1
        guard step != 0 else {
            throw CLIError.usage("the step cannot be 0", hint: "use a positive or negative whole number", commandPath: arguments.commandPath)
        }
        let given = try arguments.argument("NAME").map { name throws(CLIError) in try Counter.validate(name: name) }
        let created = try store.change { document -> String in
            let newName = given ?? CounterNaming.nextDefaultName(existing: document.counters.map(\.name))
            try document.requireUnused(newName)
            document.recordUndo("new \(newName)", before: [newName], after: [newName])
            document.counters.append(Counter(
                name: newName, count: start, start: start, step: step, pinned: arguments.flag("pin"),
                created: Instant.iso8601UTC(Instant.preciseNow()), serial: try document.takeSerial()))
            return newName
        }
        out.line(created.terminalSafe)
        return .ok
    }

    /// Applies `transform` to the counter NAME under the lock, records undo, prints
    /// the resulting count.
    private func changeCount(_ action: String, _ transform: (Counter) throws(CLIError) -> Int64) throws -> ExitCode {
        let count = try store.change { document -> Int64 in
            let index = try document.requireIndex(of: name)
            let newCount = try transform(document.counters[index])
            let stored = document.counters[index].name
            document.recordUndo("\(action) \(stored)", before: [stored], after: [stored])
            document.counters[index].count = newCount
            return newCount
        }
        out.line(String(count))
        return .ok
    }

    private func changeBySteps(sign: Int64) throws -> ExitCode {
        let times = try arguments.integer("times", in: 1...Int64.max) ?? 1
        let action = sign > 0 ? "inc" : "dec"
        return try changeCount(action) { counter throws(CLIError) in
            try counter.adding(try counter.steps(sign > 0 ? times : -times))
        }
    }

    private func add() throws -> ExitCode {
        let amount = try number("AMOUNT")
        return try changeCount("add \(amount) to") { counter throws(CLIError) in try counter.adding(amount) }
    }

    private func setCount() throws -> ExitCode {
        let value = try number("VALUE")
        return try changeCount("set") { _ in value }
    }

    private func reset() throws -> ExitCode {
        try changeCount("reset") { counter in counter.start }
    }

    private func rename() throws -> ExitCode {
        guard let typedNewName = arguments.argument("NEW") else { throw CLIError.usage("missing NEW", commandPath: arguments.commandPath) }
        let newName = try Counter.validate(name: typedNewName)
        try store.change { document in
            let index = try document.requireIndex(of: name)
            let oldName = document.counters[index].name
            if newName == oldName { return }
            try document.requireUnused(newName, renaming: index)
            document.recordUndo("rename \(oldName) to \(newName)", before: [oldName], after: [newName])
            document.counters[index].name = newName
        }
        return .ok
    }

    private func changeStep() throws -> ExitCode {
        let step = try number("N")
        guard step != 0 else {
            throw CLIError.usage("the step cannot be 0", hint: "use a positive or negative whole number", commandPath: arguments.commandPath)
        }
        try store.change { document in
            let index = try document.requireIndex(of: name)
            let stored = document.counters[index].name
            document.recordUndo("step \(stored)", before: [stored], after: [stored])
            document.counters[index].step = step
        }
        return .ok
    }

    private func setPinned(_ pinned: Bool) throws -> ExitCode {
        try store.change { document in
            let index = try document.requireIndex(of: name)
            guard document.counters[index].pinned != pinned else { return }
            let stored = document.counters[index].name
            document.recordUndo("\(pinned ? "pin" : "unpin") \(stored)", before: [stored], after: [stored])
            document.counters[index].pinned = pinned
        }
        return .ok
    }

    private func remove() throws -> ExitCode {
        let names = arguments.arguments("NAME")
        // Check the names before asking, so a typo is reported rather than confirmed.
        let current = try store.load()
        let chosen = try Self.storedNames(names, in: current)
        let what = chosen.count == 1 ? "counter '\(chosen[0])'" : "\(chosen.count) counters"
        guard try Confirmation.require("Delete \(what)", invocation: invocation) else {
            invocation.err.line("Nothing deleted.")
            return .ok
        }
        try store.change { document in
            let removed = try Self.storedNames(names, in: document)
            document.recordUndo("rm \(removed.joined(separator: ", "))", before: removed, after: [])
            document.counters.removeAll { removed.contains($0.name) }
        }
        invocation.err.line("Deleted \(what.terminalSafe). Undo with: tally undo")
        return .ok
    }

    /// The stored names that `typed` name, each once, in the order given.
    private static func storedNames(_ typed: [String], in document: TallyDocument) throws(CLIError) -> [String] {
        var result: [String] = []
        for name in typed {
            let stored = document.counters[try document.requireIndex(of: name)].name
            if !result.contains(stored) { result.append(stored) }
        }
        return result
    }

    private func undo() throws -> ExitCode {
        let action = try store.change { document -> String in
            guard let step = document.undo.popLast() else {
                throw CLIError("nothing to undo", exitCode: .noInput)
            }
            document.counters.removeAll { step.after.contains($0.name) }
            for counter in step.before {
                document.counters.removeAll { $0.name == counter.name }
                document.counters.append(counter)
            }
            return step.action
        }
        invocation.err.line("Undid: \(action.terminalSafe)")
        return .ok
    }
}

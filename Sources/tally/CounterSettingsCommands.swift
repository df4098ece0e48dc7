// The commands of goals, bounds, tags and totals: tally goal, bounds, tag, untag, retag,
// sum and reset --all, and the options of a new counter `tally new` reads (the note when
// inc, dec, add or set reaches a goal is CounterRendering's). The rules are TallyKit's
// (CounterBounds, CounterTags, CounterOrder, CounterSum, CounterResetAll).

import MoneyKitStorage
import MoneyKitCLI
import TallyKit

extension TallyCommands {
    /// The goal, bounds and tags `tally new` was given.
    func newCounterSettings() throws(CLIError) -> NewCounterSettings {
        NewCounterSettings(
            goal: try arguments.value(TallySpec.newGoal), minimum: try arguments.value(TallySpec.newMinimum),
            maximum: try arguments.value(TallySpec.newMaximum), tags: arguments.values(TallySpec.newTag.long))
    }

    // MARK: goal and bounds

    func changeGoal() throws -> ExitCode {
        guard let text = arguments.argument("GOAL") else { throw CLIError.usage("missing GOAL", commandPath: arguments.commandPath) }
        let goal = try TallySpec.setting(text, named: "GOAL", commandPath: arguments.commandPath)
        try tally.setGoalAndBounds(name, goal: goal)
        return .ok
    }

    func changeBounds() throws -> ExitCode {
        let path = arguments.commandPath
        let minimum = try arguments.value(TallySpec.boundsMinimum.long).map { text throws(CLIError) in
            try TallySpec.setting(text, named: "--min", commandPath: path)
        }
        let maximum = try arguments.value(TallySpec.boundsMaximum.long).map { text throws(CLIError) in
            try TallySpec.setting(text, named: "--max", commandPath: path)
        }
        guard minimum != nil || maximum != nil else {
            let counter = try tally.counter(named: name)
            out.line("min: \(counter.minimum.map(String.init) ?? "none")")
            out.line("max: \(counter.maximum.map(String.init) ?? "none")")
            return .ok
        }
        try tally.setGoalAndBounds(name, minimum: minimum ?? .keep, maximum: maximum ?? .keep)
        return .ok
    }

    // MARK: tags

    func addTags() throws -> ExitCode {
        try tally.tag(name, adding: arguments.arguments("TAG"))
        return .ok
    }

    func removeTags() throws -> ExitCode {
        try tally.untag(name, removing: arguments.arguments("TAG"))
        return .ok
    }

    func replaceTags() throws -> ExitCode {
        try tally.retag(name, to: arguments.arguments("TAG"))
        return .ok
    }

    // MARK: totals and resetting many

    func sum() throws -> ExitCode {
        let sum = try tally.sum(tags: arguments.values(TallySpec.tagFilter.long))
        let format = try option(TallySpec.format)
        switch format {
        case .text:
            out.line(String(sum.total))
        case .json:
            out.line(SumColumns.forJSON.jsonObject(sum).serialized(pretty: true))
        case .csv, .tsv:
            for line in SumColumns.forDelimited.delimitedLines([sum], format: format) { out.line(line) }
        }
        return .ok
    }

    /// `tally reset --all [--tag T]`: nil when --all was not given (one counter is reset).
    func resetManyIfAsked() throws -> ExitCode? {
        let tags = arguments.values(TallySpec.tagFilter.long)
        guard arguments.flag(TallySpec.resetAll) else {
            if !tags.isEmpty {
                throw CLIError.usage("--tag needs --all: reset one counter by NAME, or all with a tag by --all --tag", commandPath: arguments.commandPath)
            }
            if arguments.argument("NAME") == nil { throw CLIError.usage("missing NAME (or --all)", commandPath: arguments.commandPath) }
            return nil
        }
        if arguments.argument("NAME") != nil {
            throw CLIError.usage("give NAME or --all, not both", commandPath: arguments.commandPath)
        }
        let chosen = try tally.countersToReset(tags: tags)
        let scope = tags.isEmpty ? "" : " with the tag\(tags.count == 1 ? "" : "s") \(tags.joined(separator: ", "))"
        guard !chosen.isEmpty else {
            invocation.err.line("Every counter\(scope.terminalSafe) is at its start; nothing to reset.")
            return .ok
        }
        let what = chosen.count == 1 ? "counter '\(chosen[0].name)'" : "\(chosen.count) counters"
        guard try Confirmation.require("Reset \(what)\(scope) to the start", invocation: invocation) else {
            invocation.err.line("Nothing reset.")
            return .ok
        }
        let (reset, derived) = try tally.resetAllMovingDerived(tags: tags)
        let done = reset.count == 1 ? "counter '\(reset[0].name)'" : "\(reset.count) counters"
        invocation.err.line("Reset \(done.terminalSafe). Undo with: tally undo")
        return reportDerived(derived)
    }
}

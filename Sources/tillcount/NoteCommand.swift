// tillcount note: the count's notes, with the app's insert buttons as placeholders:
// {time} the time now, {total} the total, {discrepancy} the deposit or the shortage.

#if canImport(Glibc)
import Glibc
#endif
import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI

struct NoteCommand {
    let commands: TillCommands

    func run() throws -> ExitCode {
        let arguments = commands.arguments
        if arguments.flag("clear") {
            try commands.store.writeState { state in
                state.pushUndo(commands.action)
                state.notes = []
            }
            commands.invocation.err.line("Notes cleared. Undo with: tillcount undo")
            return .ok
        }
        if arguments.flag("edit") { return try edit() }
        let words = arguments.arguments("TEXT")
        guard !words.isEmpty else {
            for note in try commands.store.state.load().notes { commands.out.line(note.terminalSafe) }
            return .ok
        }
        let text = words.joined(separator: " ")
        let line = try commands.store.writeState { state -> String in
            let currency = try commands.adoptCurrency(&state)
            let summary = try TillSummary(state: state, set: try commands.countingSet(state, currency: currency), currency: currency)
            let filled = fill(text, summary: summary)
            state.pushUndo(commands.action)
            state.notes.append(filled)
            return filled
        }
        commands.out.line(line.terminalSafe)
        return .ok
    }

    func fill(_ text: String, summary: TillSummary) -> String {
        let rendering = commands.rendering
        let (label, amount) = rendering.standing(summary)
        return text
            .replacingEvery("{time}", with: Instant.localMinutes(Instant.preciseNow()))
            .replacingEvery("{total}", with: rendering.money(summary.total))
            .replacingEvery("{discrepancy}", with: "\(label.lowercased()) \(rendering.money(amount))")
    }

    /// Opens the notes in $VISUAL or $EDITOR; the saved file becomes the notes.
    private func edit() throws -> ExitCode {
        let environment = commands.invocation.environment
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw CLIError("no editor: set VISUAL or EDITOR", exitCode: .configuration)
        }
        let notes = try commands.store.state.load().notes
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/tillcount-notes-XXXXXX.txt".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw CLIError("cannot create a temporary file for the editor", exitCode: .cannotCreate) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let text = notes.map { $0 + "\n" }.joined()
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        // The editor may be a command with arguments ("code --wait"): let the shell split it.
        let status = system("\(editor) '\(path.replacingEvery("'", with: "'\\''"))'")
        guard status == 0 else {
            throw CLIError("the editor \(Self.describeWaitStatus(status)); notes unchanged", exitCode: .ioError)
        }
        let edited = try InputReader.readText(path)
        let lines = edited.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let kept = Array(lines.reversed().drop { $0.isEmpty }.reversed())
        try commands.store.writeState { state in
            state.pushUndo(commands.action)
            state.notes = kept
        }
        commands.invocation.err.line("\(kept.count) note line\(kept.count == 1 ? "" : "s") saved.")
        return .ok
    }
}

extension NoteCommand {
    /// What a wait status from system(3) says, as people read it: "exited with status 1",
    /// "was killed by signal 9" (the raw status 256 means exit status 1).
    static func describeWaitStatus(_ status: Int32) -> String {
        if status == -1 { return "could not be started" }
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "was killed by signal \(signal)"
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

// tillcount note: the count's notes, with the app's insert buttons as placeholders
// ({time}, {date}, {till}, {total}, {float}, {expected}, {discrepancy}: see TillKit's
// NotePlaceholders), and --edit in the
// user's editor.

import MoneyKit
import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitCLI
import TillKit

struct NoteCommand {
    let context: TillContext

    func run() throws -> ExitCode {
        let arguments = context.arguments
        if arguments.flag(TillcountSpec.clearNotes) {
            try context.till.replaceNotes([], action: context.action)
            context.invocation.err.line("Notes cleared. Undo with: tillcount undo")
            return .ok
        }
        if arguments.flag(TillcountSpec.edit) { return try edit() }
        let words = arguments.arguments("TEXT")
        guard !words.isEmpty else {
            for note in try context.till.liveCount().notes { context.out.line(note.terminalSafe) }
            return .ok
        }
        let now = Instant.localMinutes(context.invocation.preciseNow())
        let line = try context.till.addNote(
            words.joined(separator: " "), action: context.action, currency: context.currencyChoice(),
            time: now, moment: NoteMoment(time: now, till: try context.till.keptName().display))
        context.out.line(line.terminalSafe)
        return .ok
    }

    /// Opens the notes in $VISUAL or $EDITOR; the saved file becomes the notes.
    private func edit() throws -> ExitCode {
        let environment = context.invocation.environment
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw CLIError("no editor: set VISUAL or EDITOR", exitCode: .configuration)
        }
        let notes = try context.till.liveCount().notes
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let edited = try EditorLaunch.withTemporaryFile(
            holding: notes.map { $0 + "\n" }.joined(), folder: folder, prefix: "tillcount-notes", suffix: ".txt"
        ) { path throws -> String in
            let status = EditorLaunch.run(editor: editor, on: path)
            guard status == 0 else {
                throw CLIError("the editor \(EditorLaunch.describeWaitStatus(status)); notes unchanged", exitCode: .ioError)
            }
            return try InputReader.readText(path, standardInput: context.invocation.input)
        }
        guard let edited else { throw CLIError("cannot create a temporary file for the editor", exitCode: .cannotCreate) }
        let lines = edited.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let kept = Array(lines.reversed().drop { $0.isEmpty }.reversed())
        try context.till.replaceNotes(kept, action: context.action)
        context.invocation.err.line("\(kept.count) note line\(kept.count == 1 ? "" : "s") saved.")
        return .ok
    }
}

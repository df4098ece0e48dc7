// Asking before a destructive change: on a terminal a y/N question, elsewhere --force.


package enum Confirmation {
    /// Whether to go ahead: true with `--force`; on a terminal, the user's answer to
    /// `question`; otherwise a usage error saying to add --force.
    package static func require(_ question: String, invocation: Invocation, forceFlag: String = "force") throws(CLIError) -> Bool {
        if invocation.arguments.flag(forceFlag) { return true }
        guard invocation.terminal.isInteractive else {
            throw CLIError.usage(
                "refusing to \(question.lowercasedFirst) without --\(forceFlag) when not on a terminal",
                commandPath: invocation.arguments.commandPath)
        }
        invocation.out.flush()
        invocation.err.write("\(question.terminalSafe)? [y/N] ")
        invocation.err.flush()
        let answer = invocation.input.readLine() ?? ""
        return answer.lowercased() == "y" || answer.lowercased() == "yes"
    }
}

extension String {
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}

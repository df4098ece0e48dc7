// Shell completion answered by the tool itself from its spec. The bash, zsh and fish
// scripts are thin: they pass the words typed so far to `TOOL --complete -- WORDS…`
// and offer what it prints, one candidate a line. A first line `:file` or `:directory`
// asks the shell to complete paths instead. Live names (counters, accounts, tokens)
// come from running the tool's own listing command, with the global options typed.

package enum CompletionReply: Equatable, Sendable {
    case words([String])
    case files
    case directories
    /// Run the tool with these arguments and offer what it prints.
    case dynamic([String])
}

package struct CompletionEngine: Sendable {
    package let spec: CommandSpec

    package init(spec: CommandSpec) {
        self.spec = spec
    }

    /// Candidates for the last of `words` (the words after the tool name; the last is
    /// the one being completed, possibly empty).
    package func complete(_ words: [String]) -> CompletionReply {
        let typed = words.dropLast()
        var command = spec
        var inherited: [OptionSpec] = []
        var globalArguments: [String] = []
        var positionals = 0
        var optionsEnded = false
        var index = typed.startIndex
        var pendingOption: OptionSpec?
        while index < typed.endIndex {
            let word = typed[index]
            index += 1
            var available = command.options + inherited
            if positionals == 0, let fallback = command.defaultSubcommand.flatMap(command.subcommand(named:)) {
                available += fallback.options
            }
            if let option = pendingOption {
                if option.isGlobal { globalArguments += ["--\(option.long)", word] }
                pendingOption = nil
                continue
            }
            if !optionsEnded && word == "--" { optionsEnded = true; continue }
            if !optionsEnded && word.hasPrefix("-") && word.count > 1 && ArgumentParser.looksLikeOption(word) {
                let name = word.hasPrefix("--") ? String(word.dropFirst(2).prefix { $0 != "=" }) : String(word.dropFirst().prefix(1))
                let option = word.hasPrefix("--") ? available.first { $0.long == name } : available.first { $0.short == name }
                if let option, !option.isFlag, !word.contains("="), !(word.count > 2 && !word.hasPrefix("--")) {
                    pendingOption = option
                } else if let option, option.isGlobal, word.contains("=") {
                    globalArguments.append(word)
                }
                continue
            }
            if positionals == 0, let sub = command.subcommand(named: word) {
                inherited += command.options.filter(\.isGlobal)
                command = sub
                continue
            }
            positionals += 1
        }
        if let option = pendingOption { return reply(for: option.completion, global: globalArguments) }

        let current = words.last ?? ""
        let available = command.options + inherited
        if current.hasPrefix("-") {
            var names = available.filter { !$0.isHidden }.map { "--" + $0.long } + ["--help"]
            if command.name == spec.name && positionals == 0 { names.append("--version") }
            return .words(names)
        }
        var candidates: [String] = []
        if positionals == 0 {
            candidates += command.subcommands.filter { !$0.isHidden }.map(\.name)
            if command.subcommands.contains(where: { !$0.isHidden }) { candidates.append("help") }
        }
        // The positional being typed: the default subcommand's, if this command has none.
        var target = command
        if target.arguments.isEmpty, let fallback = target.defaultSubcommand.flatMap(target.subcommand(named:)) { target = fallback }
        let argumentIndex = positionals
        let argument = argumentIndex < target.arguments.count ? target.arguments[argumentIndex]
            : target.arguments.last.flatMap { $0.isRepeating ? $0 : nil }
        if let argument {
            let answer = reply(for: argument.completion, global: globalArguments)
            if case .words(let words) = answer { return .words(candidates + words) }
            if candidates.isEmpty { return answer }
            if case .dynamic = answer { return answer }
            return answer
        }
        return .words(candidates)
    }

    private func reply(for completion: Completion?, global: [String]) -> CompletionReply {
        switch completion {
        case .values(let values)?: return .words(values)
        case .file?: return .files
        case .directory?: return .directories
        case .dynamic(let command)?: return .dynamic(global + command)
        case nil: return .words([])
        }
    }

    /// How to install `tool`'s completions, said the same way in --help and the manual.
    package static func installHelp(tool: String) -> String {
        "Print the script that completes \(tool)'s commands, options and names in bash, zsh or fish. "
            + "The Debian package installs all three. Otherwise, for bash: "
            + "\(tool) --generate-completion-script bash > ~/.local/share/bash-completion/completions/\(tool); "
            + "zsh: save the zsh script as _\(tool) in a folder of $fpath; "
            + "fish: save the fish script as ~/.config/fish/completions/\(tool).fish."
    }

    /// The same in a few words, for --help (whose lines are short): the manual says where.
    package static func shortInstallHelp(tool: String) -> String {
        "Print the bash, zsh or fish completion script; the Debian package installs them, and 'man \(tool)' says where to put them by hand."
    }

    /// The script a shell loads to complete `tool`.
    package static func script(shell: String, tool: String) -> String? {
        let function = "_" + tool.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
        switch shell {
        case "bash":
            return """
                # bash completion for \(tool); generated by '\(tool) --generate-completion-script bash'.
                \(function)() {
                    local cur=${COMP_WORDS[COMP_CWORD]}
                    local IFS=$'\\n'
                    local out line
                    out=$(\(tool) --complete -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
                    COMPREPLY=()
                    case $out in
                        :file*) COMPREPLY=($(compgen -f -- "$cur")) ;;
                        :directory*) COMPREPLY=($(compgen -d -- "$cur")) ;;
                        *)
                            # Filtered here rather than by compgen -W, which would split and
                            # unquote names with spaces or quotes; letter case does not tell
                            # names apart, so it does not filter them either.
                            local nocase
                            nocase=$(shopt -p nocasematch)
                            shopt -s nocasematch
                            while IFS= read -r line; do
                                [[ -n $line && $line == "$cur"* ]] && COMPREPLY+=("$line")
                            done <<< "$out"
                            eval "$nocase"
                            ;;
                    esac
                }
                complete -o filenames -F \(function) \(tool)

                """
        case "zsh":
            return """
                #compdef \(tool)
                # zsh completion for \(tool); generated by '\(tool) --generate-completion-script zsh'.
                \(function)() {
                    local -a out
                    out=(${(f)"$(\(tool) --complete -- ${words[2,CURRENT]} 2>/dev/null)"})
                    case ${out[1]} in
                        :file) _files ;;
                        :directory) _files -/ ;;
                        *) compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -- ${out[@]} ;;
                    esac
                }
                if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                    \(function) "$@"
                else
                    compdef \(function) \(tool)
                fi

                """
        case "fish":
            return """
                # fish completion for \(tool); generated by '\(tool) --generate-completion-script fish'.
                function __\(function)_complete
                    set -l words (commandline -opc) (commandline -ct)
                    set -e words[1]
                    set -l out (\(tool) --complete -- $words 2>/dev/null)
                    switch "$out[1]"
                        case :file
                            __fish_complete_path (commandline -ct)
                        case :directory
                            __fish_complete_directories (commandline -ct)
                        case '*'
                            printf '%s\\n' $out
                    end
                end
                complete -c \(tool) -f -a '(__\(function)_complete)'

                """
        default:
            return nil
        }
    }
}

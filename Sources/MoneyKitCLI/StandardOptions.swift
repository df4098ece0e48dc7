// Options several tools share, spelled once so every tool reads alike.

package enum StandardOptions {
    /// The version every MoneyKit tool reports.
    package static let toolkitVersion = "0.1.0"

    /// The toolkit's tools, for each man page's SEE ALSO.
    package static let toolkitTools = ["billsplit", "portfolio", "tally", "tillcount"]

    /// `--color auto|always|never`, accepted by every subcommand.
    package static let color = OptionSpec.option(
        "color", value: "WHEN",
        help: "Colour output: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always, or never.",
        default: "auto", allowed: ColorChoice.allCases.map { $0.rawValue }, global: true)

    /// `--force`: for destructive commands off a terminal.
    package static let force = OptionSpec.flag(
        "force", short: "f", help: "Do it without asking (needed when not on a terminal).")

    /// What every tool's man page says under SECURITY CONSIDERATIONS; `extra` adds the
    /// tool's own points.
    package static func security(_ extra: String = "") -> String {
        """
        Files and folders the tool creates are private: mode 0600 and 0700. \
        A change is written to a temporary file, synced and renamed over the old one under \
        a lock (SQLite: one transaction), so a crash leaves the old state or the new one. \
        A JSON store is locked with flock on the store file itself, so no lock file can be \
        removed from under a writer; its temporary file has a random name and is created \
        with O_EXCL and O_NOFOLLOW, so a link or file planted in a shared folder is never \
        followed or used. \
        A file that cannot be read, or that breaks a rule the tool relies on, is reported \
        and never overwritten; a FIFO or device at a store's path is refused at once. \
        Only the default location's folders are created; a named path must be in a folder \
        that exists. File names are used byte for byte; other arguments must be UTF-8.

        Text shown to people never drives the terminal: control characters from stores, \
        files and arguments are shown escaped (\\x1B, \\u{202E}); JSON, CSV and TSV keep \
        the exact text.

        CSV and TSV output is safe to open in a spreadsheet: a cell that would run as a \
        formula (one that starts with =, +, -, @, a tab or a carriage return and is not a \
        plain number, or holds one after a comma, semicolon or tab inside it) is written \
        with a leading single quote, as is a cell that already starts with one, and in CSV \
        such a cell is quoted; the tools' own CSV import removes exactly that quote again.
        """ + (extra.isEmpty ? "" : "\n\n" + extra)
    }

    /// The environment variables every tool honours.
    package static let environment: [EnvironmentSpec] = [
        EnvironmentSpec("NO_COLOR", "When set and not empty, no colour (unless --color always)."),
        EnvironmentSpec("TERM", "When dumb, no colour and no full-screen display."),
        EnvironmentSpec("COLUMNS", "Output width when standard output is not a terminal (default 80). Text tables fit the width: names, labels and notes are shortened with …, and trends left out, first; amounts and dates are never cut."),
        EnvironmentSpec("HOME", "Base of the default data, state and config folders."),
    ]

    /// XDG variables, for tools that keep files in `kinds`.
    package static func xdgEnvironment(_ kinds: [String]) -> [EnvironmentSpec] {
        kinds.map { kind in
            switch kind {
            case "data": return EnvironmentSpec("XDG_DATA_HOME", "Data folder (default ~/.local/share).")
            case "state": return EnvironmentSpec("XDG_STATE_HOME", "State folder (default ~/.local/state).")
            default: return EnvironmentSpec("XDG_CONFIG_HOME", "Config folder (default ~/.config).")
            }
        }
    }
}

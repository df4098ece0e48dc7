// /usr/share/lintian/overrides/TOOL: the tags lintian raises on the Swift runtime and ICU
// we link statically, which are not ours to fix, each with its reason. Both are
// informational. The misspellings are listed word by word, so that a typo in our own
// messages still shows.

enum LintianOverrides {
    /// What strings(1) finds in the Swift runtime's tables and in short string literals
    /// packed into instructions (the "H" is the next opcode byte), for every tool.
    static let runtimeFragments = [
        "ADDRES", "AGAINS", "ALIGNE", "CUSTOME", "HANDSHAK", "INCREAS", "STANDAR", "THEREFOR", "THROUG",
        "TRADITIONA", "UNKNOW", "WARNIN", "characte", "defaulH", "matchign", "withoutH",
    ]
    /// The same, in ICU's code and data, for the tools that link it.
    static let icuFragments = ["Inseperable", "enty", "wHE"]

    static func text(for tool: String, linksICU: Bool) -> String {
        let program = "[usr/bin/\(tool)]"
        var lines = [
            "# The Swift runtime, Dispatch and Foundation linked in are built by the Swift project, without Debian's _FORTIFY_SOURCE.",
            "\(tool): hardening-no-fortify-functions \(program)",
            "# Word fragments in the Swift runtime's tables\(linksICU ? " and ICU" : "") and in literals packed into instructions, not our text.",
        ]
        for word in runtimeFragments + (linksICU ? icuFragments : []) {
            lines.append("\(tool): spelling-error-in-binary \(word) * \(program)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

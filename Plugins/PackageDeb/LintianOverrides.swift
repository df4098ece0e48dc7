// /usr/share/lintian/overrides/TOOL: the tags lintian raises on the Swift runtime we link
// statically, which are not ours to fix, each with its reason. Both are informational;
// overriding them says they were looked at.

enum LintianOverrides {
    static func text(for tool: String) -> String {
        """
        # The Swift runtime, Dispatch and Foundation linked in are built by the Swift project, without Debian's _FORTIFY_SOURCE.
        \(tool): hardening-no-fortify-functions [usr/bin/\(tool)]
        # strings(1) finds word stems in the Swift runtime's tables and short string literals packed into instructions ("defaulH").
        \(tool): spelling-error-in-binary * [usr/bin/\(tool)]

        """
    }
}

// The binary package's control file (DEBIAN/control).

struct DebianControl {
    let package: String
    let version: String
    let architecture: String
    let maintainer: String
    let installedSizeKiB: Int
    let depends: String
    /// Packages most installations want but the tool works without (Debian policy 7.2).
    let recommends: String
    /// The one-line synopsis: the tool's abstract from its spec.
    let synopsis: String
    /// The long description's paragraphs: the tool's discussion from its spec.
    let paragraphs: [String]

    var text: String {
        var fields = [
            ("Package", package),
            ("Version", version),
            ("Architecture", architecture),
            ("Maintainer", maintainer),
            ("Installed-Size", String(installedSizeKiB)),
        ]
        if !depends.isEmpty { fields.append(("Depends", depends)) }
        if !recommends.isEmpty { fields.append(("Recommends", recommends)) }
        fields += [
            // A command-line tool: any architecture's package satisfies a dependency on it.
            ("Multi-Arch", "foreign"),
            ("Section", "utils"),
            ("Priority", "optional"),
            ("Description", synopsis + "\n" + longDescription),
        ]
        return fields.map { "\($0.0): \($0.1)\n" }.joined()
    }

    /// Paragraphs wrapped to 72 columns, each line indented by one space, paragraphs
    /// separated by " ." (Debian policy 5.6.13).
    private var longDescription: String {
        let family = "\(package) is one of the four MoneyKit tools (tillcount, tally, billsplit and "
            + "portfolio), each packaged on its own."
        return (paragraphs + [family])
            .map { TextWrapping.wrap($0, firstPrefix: " ", prefix: " ", width: 73).dropLast() }
            .joined(separator: "\n .\n")
    }
}

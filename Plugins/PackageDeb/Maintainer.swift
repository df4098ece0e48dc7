// Who signs the packages: the person who builds them, as Debian's own tools decide it.

import Foundation

enum Maintainer {
    /// "Name <address>" from --maintainer, else from DEBEMAIL and DEBFULLNAME as dch reads
    /// them: DEBEMAIL may be "Name <address>", and DEBFULLNAME, when set, names the person.
    static func resolve(option: String?, environment: [String: String]) throws -> String {
        let value: String
        if let option {
            value = option
        } else if let email = environment["DEBEMAIL"], let open = email.firstIndex(of: "<"), email.hasSuffix(">") {
            let name = environment["DEBFULLNAME"] ?? email[..<open].trimmingCharacters(in: .whitespaces)
            value = "\(name) \(email[open...])"
        } else if let name = environment["DEBFULLNAME"], let email = environment["DEBEMAIL"] {
            value = "\(name) <\(email)>"
        } else {
            throw PackagingError(
                "who maintains the packages? Pass --maintainer \"Name <address>\" or set DEBFULLNAME and DEBEMAIL")
        }
        guard isWellFormed(value) else {
            throw PackagingError("maintainer '\(value)' is not of the form \"Name <address@domain>\"")
        }
        return value
    }

    /// "Name <local@domain>": a name, one address in angle brackets, nothing after it.
    static func isWellFormed(_ value: String) -> Bool {
        guard let open = value.firstIndex(of: "<"), value.hasSuffix(">") else { return false }
        let name = value[..<open].trimmingCharacters(in: .whitespaces)
        let address = value[value.index(after: open)..<value.index(before: value.endIndex)]
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return !name.isEmpty && !name.contains(where: { "<>,\n".contains($0) })
            && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !address.contains(where: { $0 == " " || $0 == "<" || $0 == ">" })
    }
}

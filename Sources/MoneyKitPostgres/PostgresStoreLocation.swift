// Whether the text naming a tool's store (its --file option or variable) names a
// PostgreSQL database rather than a file: a postgresql:// or postgres:// URI, or a libpq
// keyword string whose first word is one of libpq's own keywords (host=…, dbname=…,
// service=…). Anything else is a path; a file really named "host=x" is reached as ./host=x.

import CLibPQ

extension PostgresConnectionText {
    /// Whether `text` names a PostgreSQL database.
    package static func isConnection(_ text: String) -> Bool {
        if isURI(text) { return true }
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        let word = trimmed.prefix { $0.isASCII && ($0.isLetter || $0 == "_") }
        guard !word.isEmpty else { return false }
        let rest = trimmed.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return false }
        return libpqKeywords.contains(String(word))
    }

    /// The keywords this libpq understands, asked of libpq itself.
    static let libpqKeywords: Set<String> = {
        var keywords: Set<String> = []
        guard let defaults = PQconndefaults() else { return ["host", "hostaddr", "port", "dbname", "user", "password", "service"] }
        defer { PQconninfoFree(defaults) }
        var option = defaults
        while let keyword = option.pointee.keyword {
            keywords.insert(String(cString: keyword))
            option += 1
        }
        return keywords
    }()
}

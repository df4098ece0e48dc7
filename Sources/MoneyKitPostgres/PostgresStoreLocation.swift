// Whether the text naming a tool's store (its --file option or variable) names a
// PostgreSQL database rather than a file. It does when it has a URI's shape (a
// postgresql:// or postgres:// URI, blanks around it allowed; also a near-miss such as
// postgresql:/h or postgres:host, or another scheme's URI: see PostgresURIShape), or is a
// libpq keyword string: its first word one of libpq's own keywords (host=…, dbname=…,
// service=…), or a password= anywhere in it. Each of these may carry a password, so none
// is ever used as a file name, echoed in a message or left in the process list: what is
// not usable is refused as a bad connection string (78), its passwords hidden. Anything
// else is a path; a file really named "host=x" or "postgres:x" is reached as ./host=x.

import CLibPQ

extension PostgresConnectionText {
    /// Whether `text` names a PostgreSQL database (or was surely meant to: then opening
    /// it is refused as a bad connection string, never read as a file).
    package static func isConnection(_ text: String) -> Bool {
        if PostgresURIShape.of(text) != nil { return true }
        let trimmed = text.drop { $0.isWhitespace }
        if hasPasswordKeyword(trimmed) { return true }
        let word = trimmed.prefix { $0.isASCII && ($0.isLetter || $0 == "_") }
        guard !word.isEmpty else { return false }
        let rest = trimmed.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return false }
        return libpqKeywords.contains(String(word))
    }

    /// Whether a word "password" (any case) followed by "=" stands at the start of `text`
    /// or after a blank: a keyword string carrying a password, whatever its first word.
    private static func hasPasswordKeyword(_ text: Substring) -> Bool {
        let characters = Array(text.lowercased())
        let keyword = Array("password")
        var index = 0
        while index + keyword.count <= characters.count {
            let atWordStart = index == 0 || characters[index - 1].isWhitespace
            if atWordStart, Array(characters[index..<index + keyword.count]) == keyword {
                var after = index + keyword.count
                while after < characters.count, characters[after] == " " || characters[after] == "\t" { after += 1 }
                if after < characters.count, characters[after] == "=" { return true }
            }
            index += 1
        }
        return false
    }

    /// The keywords this libpq understands, asked of libpq itself; libpq 15's when it is
    /// not installed (then opening the connection says so, exit 69, rather than a
    /// keyword string being taken for a file name).
    static let libpqKeywords: Set<String> = {
        guard let libpq = try? LibPQ.shared(), let defaults = libpq.conndefaults() else { return libpq15Keywords }
        defer { libpq.conninfoFree(defaults) }
        var keywords: Set<String> = []
        var option = defaults
        while let keyword = option.pointee.keyword {
            keywords.insert(String(cString: keyword))
            option += 1
        }
        return keywords
    }()

    /// What PQconndefaults lists in libpq 15.
    static let libpq15Keywords: Set<String> = [
        "service", "user", "password", "passfile", "channel_binding", "connect_timeout", "dbname", "host",
        "hostaddr", "port", "client_encoding", "options", "application_name", "fallback_application_name",
        "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
        "sslmode", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslrootcert", "sslcrl", "sslcrldir",
        "sslsni", "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version", "gssencmode",
        "krbsrvname", "gsslib", "replication", "target_session_attrs",
    ]
}

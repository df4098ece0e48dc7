// Which store texts have the shape of a URI: a scheme and "://" (postgresql://, but also
// mysql:// or https://), or a near-miss of PostgreSQL's two schemes (postgresql:/h/db,
// postgres:host, postgresq://h, postgresql//h, PG:…). Such a text is never a file name: it
// may carry a password (user:password@host), and a file read under that name would print
// it in every message. It is read as PostgreSQL when it is a well-formed postgresql:// or
// postgres:// URI once the blanks around it are dropped and its scheme lowercased (libpq
// itself takes the scheme only in lowercase and with no blank before it), and refused as a
// bad connection string (78) otherwise, its passwords hidden.

/// The URI shape of a store text, when it has one.
struct PostgresURIShape: Equatable {
    /// The scheme, lowercased ("postgresql", "postgres", "postgis", "https").
    let scheme: String
    /// Where the user information and host begin, in `Array(text)`: after the blanks, the
    /// scheme, its ":" and its slashes ("postgresql://" exactly two, as libpq reads it).
    let authorityStart: Int
    /// Whether libpq reads it as a URI once trimmed and its scheme lowercased.
    let isWellFormed: Bool
    /// The text to give libpq: without the blanks around it, the scheme in lowercase.
    let canonical: String

    /// The shape of `text`, or nil when it does not look like a URI.
    static func of(_ text: String) -> PostgresURIShape? {
        let characters = Array(text)
        var start = 0
        while start < characters.count, characters[start].isWhitespace { start += 1 }
        var end = characters.count
        while end > start, characters[end - 1].isWhitespace { end -= 1 }
        var index = start
        guard index < end, characters[index].isASCII, characters[index].isLetter else { return nil }
        while index < end, isSchemeCharacter(characters[index]) { index += 1 }
        let scheme = String(characters[start..<index]).lowercased()
        let schemeEnd = index
        let hasColon = index < end && characters[index] == ":"
        if hasColon { index += 1 }
        var slashes = 0
        while index < end, characters[index] == "/" {
            slashes += 1
            index += 1
        }
        let isPostgres = scheme == "postgresql" || scheme == "postgres"
        let isWellFormed = isPostgres && hasColon && slashes >= 2
        // Another scheme's URI (any "x://"), or what was meant as PostgreSQL's: a scheme
        // like postgres's followed by a colon, or by "//" with the colon missing. A single
        // slash alone stays a path (postgres/shop.db is a folder and a file).
        let isURIShaped = (hasColon && slashes >= 2 && scheme.count >= 2)
            || (isNearPostgres(scheme) && (hasColon || slashes >= 2))
        guard isURIShaped else { return nil }
        // libpq reads the authority after exactly "://" (postgresql:///shop: no host); a
        // near-miss is read from after all its slashes, to find the password it carries.
        let authorityStart = isWellFormed ? schemeEnd + 3 : index
        let canonical = scheme + String(characters[schemeEnd..<end])
        return PostgresURIShape(scheme: scheme, authorityStart: authorityStart, isWellFormed: isWellFormed, canonical: canonical)
    }

    /// Why a text of this shape that is not well formed cannot be used (for `badConnection`).
    var problem: String {
        let reason: String
        if scheme == "postgresql" || scheme == "postgres" {
            reason = "its scheme '\(scheme)' is not followed by '://'"
        } else if Self.isNearPostgres(scheme) {
            reason = "'\(scheme)' is not a PostgreSQL scheme"
        } else {
            reason = "'\(scheme)://' is not PostgreSQL's"
        }
        return "\(reason): a PostgreSQL URI starts with postgresql:// or postgres:// (a file whose name starts so is reached as ./NAME)"
    }

    /// RFC 3986's scheme characters.
    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
    }

    /// Whether `scheme` (lowercased) is PostgreSQL's or a likely slip of it: within two
    /// edits of "postgresql" or "postgres" (postgresq, postgressql, postgre, postgis), or
    /// a short name people use for it (pg, pgsql, psql).
    static func isNearPostgres(_ scheme: String) -> Bool {
        if ["pg", "pgsql", "psql", "pq", "libpq"].contains(scheme) { return true }
        return editDistance(scheme, "postgresql", atMost: 2) || editDistance(scheme, "postgres", atMost: 2)
    }

    /// Whether `a` becomes `b` in at most `limit` insertions, deletions or substitutions.
    private static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Bool {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard abs(a.count - b.count) <= limit else { return false }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) <= limit }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            previous = current
        }
        return previous[b.count] <= limit
    }
}

// Whom `TOOL db init --grant NAME` gives the everyday rights. "public" is not a role but
// PostgreSQL's word for every role of the server, including those made later: the
// commands say so and ask first (--force off a terminal). Any other name must be a role
// that exists; an unknown one is named (66), not reported as a failed GRANT (74).

/// The receiver of `db init --grant`.
package enum PostgresGrantee: Equatable, Sendable {
    /// One role, by its exact name (as `CREATE ROLE` stored it).
    case role(String)
    /// PUBLIC: every role on the server, now and later.
    case everyone

    /// `--grant TEXT` read: "public", in any case, is every role (SQL's GRANT … TO PUBLIC).
    package init(_ typed: String) {
        self = typed.lowercased() == "public" ? .everyone : .role(typed)
    }

    /// How messages name it.
    package var described: String {
        switch self {
        case .role(let name): return name
        case .everyone: return "every role (PUBLIC)"
        }
    }

    /// The question asked before granting every role: what PUBLIC means, and what it gets.
    package func confirmationQuestion(tool: String, readOnly: Bool) -> String {
        let rights = readOnly ? "reading \(tool)'s rows" : "reading and writing \(tool)'s rows"
        return "Grant every role on this server, including roles made later, \(rights)"
    }
}

/// `--grant NAME` names no role on the server.
package struct PostgresUnknownRole: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name as typed.
    package let role: String
    /// The server's roles (not its pg_ built-in ones), for "did you mean".
    package let known: [String]

    /// "there is no role named 'NAME'".
    package var description: String { "there is no role named '\(role)'" }
}

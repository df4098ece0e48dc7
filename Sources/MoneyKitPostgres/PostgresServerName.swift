// How a message names the database: built from what libpq resolved (PQhost, PQport,
// PQdb), never from the text the user typed, so a password cannot slip into it.

import CLibPQ

enum PostgresServerName {
    /// libpq's socket folder when no host is named (Debian's build).
    static let defaultSocketFolder = "/var/run/postgresql"

    /// "PostgreSQL database 'shop' on socket /tmp/x/.s.PGSQL.5432" or "… on db.example:5432".
    static func describe(_ connection: OpaquePointer, libpq: LibPQ) -> String {
        let host = libpq.host(connection).map { String(cString: $0) } ?? ""
        let portText = libpq.port(connection).map { String(cString: $0) } ?? ""
        let port = portText.isEmpty ? "5432" : portText
        let database = libpq.db(connection).map { String(cString: $0) } ?? ""
        let place: String
        if host.isEmpty || host.hasPrefix("/") || host.hasPrefix("@") {
            let folder = host.isEmpty ? defaultSocketFolder : host
            place = "socket \(folder)/.s.PGSQL.\(port)"
        } else if host.contains(":") {
            place = "[\(host)]:\(port)"
        } else {
            place = "\(host):\(port)"
        }
        return database.isEmpty ? "PostgreSQL on \(place)" : "PostgreSQL database '\(database)' on \(place)"
    }
}

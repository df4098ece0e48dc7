// A small, safe wrapper over libpq for the tools' shared stores: opened from a
// postgresql:// URI or a keyword string (so PG* variables, ~/.pgpass and service files
// work as with psql), bound parameters only, and errors classified into StoreError with
// the server named from what libpq resolved and every known password scrubbed. libpq is
// loaded at the first connection (LibPQ), and every call goes through its table.

import CLibPQ
import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitStorage

package final class PostgresConnection {
    /// Names the server in messages: host and port, or socket, and database.
    package let server: String
    private let libpq: LibPQ
    private var handle: OpaquePointer?
    /// The passwords this connection knows of, scrubbed from every message it reports.
    private let secrets: [String]
    /// The SQLSTATE of the last statement that failed on the server (nil after success).
    package internal(set) var lastSQLState: String?

    private init(server: String, libpq: LibPQ, handle: OpaquePointer, secrets: [String]) {
        self.server = server
        self.libpq = libpq
        self.handle = handle
        self.secrets = secrets
    }

    deinit { close() }

    /// Opens a connection from `text`: a `postgresql://` or `postgres://` URI or a libpq
    /// keyword string (empty: libpq's PG* variables and defaults alone); blanks around a URI
    /// and its scheme's case do not matter. The PG* variables are `environment`'s (the
    /// run's; nil: the process's), passed to libpq as keywords where they differ from the
    /// process's (PostgresRunEnvironment); the text overrides them.
    /// - Throws: `StoreError.badConnection` for text libpq cannot read, or of a URI's shape
    ///   but not PostgreSQL's (postgresql:/h, postgres:h, mysql://…), shown redacted;
    ///   `StoreError.unavailable` when the server cannot be reached or refuses us;
    ///   `StoreError.clientLibraryMissing` when libpq is not installed.
    package static func open(
        _ typed: String, applicationName: String = "moneykit", environment: [String: String]? = nil
    ) throws(StoreError) -> PostgresConnection {
        let run = environment.map(PostgresRunEnvironment.init) ?? PostgresRunEnvironment(run: ProcessControl.environment(), process: ProcessControl.environment())
        let typedSecrets = PostgresConnectionText.passwords(in: typed)
        // A URI with blanks around it or its scheme in capitals is read as typed; one of a
        // URI's shape that libpq would take for a keyword string (postgresql:/h, mysql://)
        // is refused here, naming what is wrong rather than libpq's echo of the text.
        var text = typed
        if let shape = PostgresURIShape.of(typed) {
            guard shape.isWellFormed else {
                throw StoreError.badConnection(text: PostgresConnectionText.redacted(typed), reason: shape.problem)
            }
            text = shape.canonical
        }
        if text.containsNUL {
            throw StoreError.badConnection(text: PostgresConnectionText.redacted(text), reason: "it contains a NUL character")
        }
        let libpq = try LibPQ.shared()
        // Checked first so that a malformed string is a configuration error, not an
        // unreachable server.
        var parseError: UnsafeMutablePointer<CChar>?
        var textDatabase: String?
        if let options = libpq.conninfoParse(text, &parseError) {
            defer { libpq.conninfoFree(options) }
            if let problem = PostgresSettingValues.problem(in: options) {
                throw StoreError.badConnection(text: PostgresConnectionText.redacted(text), reason: problem)
            }
            textDatabase = PostgresSettingValues.value(of: "dbname", in: options)
        } else {
            let reason = parseError.map { String(cString: $0) } ?? "libpq cannot read it"
            if let parseError { libpq.freemem(parseError) }
            throw StoreError.badConnection(
                text: PostgresConnectionText.redacted(text),
                reason: PostgresConnectionText.scrubbing(oneLine(reason), of: typedSecrets))
        }
        // Our settings and the run's PG* variables come before dbname, so the user's string
        // (expanded from dbname) overrides them; a connect timeout only where
        // PGCONNECT_TIMEOUT sets none.
        var keywords = ["fallback_application_name"]
        var values = [applicationName]
        if run.value("PGCONNECT_TIMEOUT") == nil {
            keywords.append("connect_timeout")
            values.append("10")
        }
        for setting in run.settings(for: PostgresRunEnvironment.options(libpq)) {
            keywords.append(setting.keyword)
            values.append(setting.value)
        }
        keywords.append("dbname")
        values.append(text)
        if let database = run.database(given: textDatabase) {
            keywords.append("dbname")
            values.append(database)
        }
        let connection = withCStringArray(keywords + [nil]) { keywordPointers in
            withCStringArray(values + [nil]) { valuePointers in
                libpq.connectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw StoreError.unavailable(server: "PostgreSQL", reason: "libpq is out of memory")
        }
        var secrets = typedSecrets
        if let password = libpq.pass(connection).map({ String(cString: $0) }), !password.isEmpty {
            secrets.append(password)
        }
        for password in [run.value("PGPASSWORD"), ProcessControl.environment()["PGPASSWORD"]] {
            if let password, !password.isEmpty { secrets.append(password) }
        }
        let server = PostgresConnectionText.scrubbing(PostgresServerName.describe(connection, libpq: libpq), of: secrets)
        guard libpq.status(connection) == CONNECTION_OK else {
            let reason = libpq.errorMessage(connection).map { String(cString: $0) } ?? "the connection failed"
            libpq.finish(connection)
            throw StoreError.unavailable(server: server, reason: PostgresConnectionText.scrubbing(oneLine(reason), of: secrets))
        }
        // The server's notices (NOTICE: … does not exist, skipping) are not for the
        // tool's user: libpq would print them on stderr.
        _ = libpq.setNoticeProcessor(connection, { _, _ in }, nil)
        return PostgresConnection(server: server, libpq: libpq, handle: connection, secrets: secrets)
    }

    /// Closes the connection (an open transaction is rolled back by the server).
    package func close() {
        if let handle { libpq.finish(handle) }
        handle = nil
    }

    /// Whether a NOTIFY on a channel this connection LISTENs to has arrived since the last
    /// ask (each is taken once); reads what the server sent without waiting.
    /// - Throws: `StoreError.connectionLost` when the connection has gone.
    package func takeNotifications() throws(StoreError) -> Bool {
        guard let handle, libpq.consumeInput(handle) == 1 else {
            throw StoreError.connectionLost(server: server, reason: "the connection ended", mayHaveCommitted: false)
        }
        var any = false
        while let notice = libpq.notifies(handle) {
            any = true
            libpq.freemem(notice)
        }
        return any
    }

    /// Whether the connection is still usable.
    package var isConnected: Bool {
        guard let handle else { return false }
        return libpq.status(handle) == CONNECTION_OK
    }

    /// Whether a transaction block is open (also one that failed and awaits ROLLBACK).
    package var isInTransaction: Bool {
        guard let handle else { return false }
        let status = libpq.transactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Runs one statement with `parameters` bound to its `$1`, `$2`…; returns how many
    /// rows it changed (0 for statements that change none).
    @discardableResult
    package func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(StoreError) -> Int {
        try run(sql, parameters) { result in
            let count = libpq.cmdTuples(result).map { String(cString: $0) } ?? ""
            return Int(count) ?? 0
        }
    }

    /// Runs one statement with `parameters` bound to its `$1`, `$2`…; returns every row.
    package func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(StoreError) -> [PostgresRow] {
        try run(sql, parameters) { result in
            let rowCount = libpq.ntuples(result)
            let columnCount = libpq.nfields(result)
            var rows: [PostgresRow] = []
            rows.reserveCapacity(Int(rowCount))
            for row in 0..<rowCount {
                var values: [String?] = []
                values.reserveCapacity(Int(columnCount))
                for column in 0..<columnCount {
                    if libpq.getisnull(result, row, column) != 0 {
                        values.append(nil)
                    } else {
                        values.append(libpq.getvalue(result, row, column).map { String(cString: $0) })
                    }
                }
                rows.append(PostgresRow(values: values, server: server))
            }
            return rows
        }
    }

    /// The first column of the first row as an integer (nil: no row, or NULL).
    package func scalarInteger(_ sql: String, _ parameters: [PostgresValue] = []) throws(StoreError) -> Int64? {
        try query(sql, parameters).first?.integer(0)
    }

    /// Runs `sql` through libpq's PQexecParams in text format and hands a successful result to
    /// `read`; a failure becomes the StoreError it means.
    private func run<Result>(
        _ sql: String, _ parameters: [PostgresValue], _ read: (OpaquePointer) -> Result
    ) throws(StoreError) -> Result {
        guard let handle, libpq.status(handle) == CONNECTION_OK else {
            throw StoreError.connectionLost(server: server, reason: "the connection is closed", mayHaveCommitted: false)
        }
        if sql.containsNUL || parameters.contains(where: { $0.textForm?.containsNUL ?? false }) {
            throw StoreError.rejected(path: server, reason: "a text holds a NUL character, which PostgreSQL cannot store")
        }
        lastSQLState = nil
        let wasInTransaction = isInTransaction
        let count = Int32(clamping: parameters.count)
        let result = withCStringArray(parameters.map(\.textForm)) { (values: [UnsafePointer<CChar>?]) in
            libpq.execParams(handle, sql, count, nil, values, nil, nil, 0)
        }
        defer { libpq.clear(result) }
        if let result {
            let status = libpq.resultStatus(result)
            if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return read(result) }
        }
        throw failure(result, sql: sql, wasInTransaction: wasInTransaction)
    }

    /// The StoreError for a failed statement.
    private func failure(_ result: OpaquePointer?, sql: String, wasInTransaction: Bool) -> StoreError {
        let connectionMessage = handle.flatMap { libpq.errorMessage($0) }.map { String(cString: $0) } ?? ""
        let primary = result.flatMap { libpq.resultErrorField($0, diagnosticField("M")) }.map { String(cString: $0) }
        let message = PostgresConnectionText.scrubbing(oneLine(primary ?? connectionMessage), of: secrets)
        if let handle, libpq.status(handle) == CONNECTION_BAD {
            return .connectionLost(
                server: server, reason: message.isEmpty ? "the server closed the connection" : message,
                mayHaveCommitted: Self.mayCommit(sql, wasInTransaction: wasInTransaction))
        }
        let state = result.flatMap { libpq.resultErrorField($0, diagnosticField("C")) }.map { String(cString: $0) }
        lastSQLState = state
        return PostgresFailure.storeError(sqlState: state, message: message, server: server)
    }

    /// Whether a statement that lost its connection may have committed a change: it was
    /// the COMMIT itself, or it ran on its own outside a transaction block (autocommit).
    /// A statement inside a block commits nothing: the server rolls the block back.
    static func mayCommit(_ sql: String, wasInTransaction: Bool) -> Bool {
        let word = sql.drop(while: { $0.isWhitespace }).prefix(while: { $0.isLetter }).uppercased()
        if word == "COMMIT" || word == "END" { return true }
        if word == "BEGIN" || word == "START" || word == "ROLLBACK" || word == "ABORT" { return false }
        return !wasInTransaction
    }
}

/// libpq's PG_DIAG_* codes are single characters.
private func diagnosticField(_ letter: Unicode.Scalar) -> Int32 { Int32(letter.value) }

/// libpq's messages end in a newline and continue on tab-indented lines: one line for
/// `TOOL: error: …`.
func oneLine(_ message: String) -> String {
    message.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        .map { $0.drop(while: { $0.isWhitespace }) }
        .filter { !$0.isEmpty }
        .joined(separator: "; ")
}

// libpq, opened with dlopen at the first PostgreSQL connection rather than linked: linked,
// every start of tally, tillcount and portfolio mapped it and the twenty libraries it
// brings (ssl, krb5, ldap, gnutls…) for a file store too (tally inc: 27.5 M instructions
// against 3.8 M). Its functions are resolved once, on first use, into one table that
// every connection calls through.

import CLibPQ
import MoneyKitPlatform
import MoneyKitStorage

/// libpq's functions, resolved from the library once for the whole process.
struct LibPQ: @unchecked Sendable {
    let conndefaults: PQconndefaults_function
    let conninfoParse: PQconninfoParse_function
    let conninfoFree: PQconninfoFree_function
    let freemem: PQfreemem_function
    let connectdbParams: PQconnectdbParams_function
    let finish: PQfinish_function
    let status: PQstatus_function
    let transactionStatus: PQtransactionStatus_function
    let db: PQconnectionText_function
    let host: PQconnectionText_function
    let port: PQconnectionText_function
    let pass: PQconnectionText_function
    let errorMessage: PQconnectionText_function
    let setNoticeProcessor: PQsetNoticeProcessor_function
    let execParams: PQexecParams_function
    let clear: PQclear_function
    let resultStatus: PQresultStatus_function
    let resultErrorField: PQresultErrorField_function
    let cmdTuples: PQcmdTuples_function
    let ntuples: PQresultCount_function
    let nfields: PQresultCount_function
    let getisnull: PQgetisnull_function
    let getvalue: PQgetvalue_function
    let consumeInput: PQconsumeInput_function
    let notifies: PQnotifies_function

    /// The names libpq's runtime package installs it under, the versioned name first
    /// (the unversioned one comes only with the -dev package). Homebrew's libpq is
    /// keg-only, outside dyld's search path: its two prefixes are tried by full path.
    static let libraryNames: [String] = {
        #if canImport(Darwin)
        return [
            "libpq.5.dylib", "libpq.dylib",
            "/opt/homebrew/opt/libpq/lib/libpq.5.dylib", "/usr/local/opt/libpq/lib/libpq.5.dylib",
        ]
        #else
        return ["libpq.so.5", "libpq.so"]
        #endif
    }()

    /// What a user installs to get it, named in the message when it is missing.
    static let installRemedy: String = {
        #if canImport(Darwin)
        return "install libpq (Homebrew: brew install libpq)"
        #else
        return "install the Debian package libpq5 (apt install libpq5)"
        #endif
    }()

    /// The process's libpq, loaded on first use; the outcome is kept, so a missing
    /// library is looked for once. Swift runs a static's initialiser once, under a lock.
    private static let loaded: Result<LibPQ, StoreError> = Result { () throws(StoreError) in
        try load(from: libraryNames)
    }

    /// The process's libpq.
    /// - Throws: `StoreError.clientLibraryMissing` when it is not installed (or too old).
    static func shared() throws(StoreError) -> LibPQ {
        try loaded.get()
    }

    /// Loads libpq from the first of `names` that opens and resolves its functions.
    /// - Throws: `StoreError.clientLibraryMissing` naming the package to install.
    static func load(from names: [String]) throws(StoreError) -> LibPQ {
        do {
            let library = try DynamicLibrary.open(firstOf: names)
            func resolve<Function>(_ symbol: String, as type: Function.Type) throws(DynamicLibrary.LoadError) -> Function {
                unsafeBitCast(try library.address(of: symbol), to: type)
            }
            return LibPQ(
                conndefaults: try resolve("PQconndefaults", as: PQconndefaults_function.self),
                conninfoParse: try resolve("PQconninfoParse", as: PQconninfoParse_function.self),
                conninfoFree: try resolve("PQconninfoFree", as: PQconninfoFree_function.self),
                freemem: try resolve("PQfreemem", as: PQfreemem_function.self),
                connectdbParams: try resolve("PQconnectdbParams", as: PQconnectdbParams_function.self),
                finish: try resolve("PQfinish", as: PQfinish_function.self),
                status: try resolve("PQstatus", as: PQstatus_function.self),
                transactionStatus: try resolve("PQtransactionStatus", as: PQtransactionStatus_function.self),
                db: try resolve("PQdb", as: PQconnectionText_function.self),
                host: try resolve("PQhost", as: PQconnectionText_function.self),
                port: try resolve("PQport", as: PQconnectionText_function.self),
                pass: try resolve("PQpass", as: PQconnectionText_function.self),
                errorMessage: try resolve("PQerrorMessage", as: PQconnectionText_function.self),
                setNoticeProcessor: try resolve("PQsetNoticeProcessor", as: PQsetNoticeProcessor_function.self),
                execParams: try resolve("PQexecParams", as: PQexecParams_function.self),
                clear: try resolve("PQclear", as: PQclear_function.self),
                resultStatus: try resolve("PQresultStatus", as: PQresultStatus_function.self),
                resultErrorField: try resolve("PQresultErrorField", as: PQresultErrorField_function.self),
                cmdTuples: try resolve("PQcmdTuples", as: PQcmdTuples_function.self),
                ntuples: try resolve("PQntuples", as: PQresultCount_function.self),
                nfields: try resolve("PQnfields", as: PQresultCount_function.self),
                getisnull: try resolve("PQgetisnull", as: PQgetisnull_function.self),
                getvalue: try resolve("PQgetvalue", as: PQgetvalue_function.self),
                consumeInput: try resolve("PQconsumeInput", as: PQconsumeInput_function.self),
                notifies: try resolve("PQnotifies", as: PQnotifies_function.self))
        } catch {
            throw StoreError.clientLibraryMissing(
                library: "PostgreSQL's client library libpq", reason: error.description, remedy: installRemedy)
        }
    }
}

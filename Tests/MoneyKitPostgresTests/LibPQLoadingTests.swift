// libpq is loaded at the first connection: without it, the connection fails with a
// message naming the package to install, exit 69 (the names tried here do not exist, so
// the machine's libpq stays installed).

import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitStorage
import Testing
@testable import MoneyKitPostgres

@Suite struct LibPQLoadingTests {
    @Test func aMissingLibraryIsExit69NamingThePackage() {
        #expect {
            _ = try LibPQ.load(from: ["libmoneykit-no-such-pq.so.5", "libmoneykit-no-such-pq.so"])
        } throws: { error in
            guard let error = error as? StoreError, case .clientLibraryMissing = error else { return false }
            let shown = CLIError.from(error)
            return shown.exitCode == .unavailable && shown.exitCode.rawValue == 69
                && shown.message.contains("PostgreSQL's client library libpq cannot be loaded")
                // The loader's own words for the first name tried, then what to install.
                && shown.message.contains("libmoneykit-no-such-pq.so.5")
                && shown.message.contains("install the Debian package libpq5")
                && (shown.hint ?? "").contains("a file store works without it")
        }
    }

    @Test func aLibraryWithoutLibpqsFunctionsIsRefusedToo() {
        // libc is installed everywhere and has no PQconnectdbParams: an old or wrong libpq.
        #expect {
            _ = try LibPQ.load(from: ["libc.so.6"])
        } throws: { error in
            guard let error = error as? StoreError, case let .clientLibraryMissing(_, reason, _) = error else { return false }
            return reason == "libc.so.6 has no PQconndefaults" && CLIError.from(error).exitCode == .unavailable
        }
    }

    @Test func theInstalledLibraryLoadsAndAnswers() throws {
        let libpq = try LibPQ.load(from: LibPQ.libraryNames)
        // Parsing a connection string needs no server: libpq's own answer, through the table.
        var problem: UnsafeMutablePointer<CChar>?
        let options = try #require(libpq.conninfoParse("host=/tmp dbname=shop", &problem))
        libpq.conninfoFree(options)
        #expect(problem == nil)
        #expect(libpq.conninfoParse("host", &problem) == nil)
        #expect(problem.map { String(cString: $0) }?.contains("host") == true)
        if let problem { libpq.freemem(problem) }
    }
}

@Suite struct DynamicLibraryTests {
    @Test func opensTheFirstNameThatLoads() throws {
        let library = try DynamicLibrary.open(firstOf: ["libmoneykit-no-such.so", "libc.so.6"])
        #expect(library.name == "libc.so.6")
        _ = try library.address(of: "getpid")
        #expect {
            try library.address(of: "moneykit_no_such_symbol")
        } throws: { error in
            (error as? DynamicLibrary.LoadError)?.description == "libc.so.6 has no moneykit_no_such_symbol"
        }
    }

    @Test func reportsTheFirstNamesFailure() {
        #expect {
            try DynamicLibrary.open(firstOf: ["libmoneykit-first.so", "libmoneykit-second.so"])
        } throws: { error in
            (error as? DynamicLibrary.LoadError)?.description.hasPrefix("libmoneykit-first.so: cannot open shared object file") == true
        }
    }
}

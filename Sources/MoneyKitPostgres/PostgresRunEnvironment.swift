// libpq reads PGHOST, PGUSER, PGPASSWORD, PGSSLMODE, PGCONNECT_TIMEOUT… (and ~/.pgpass
// under HOME) from the process's environment itself. A command run in-process (a test,
// an app) carries an environment of its own: where it differs from the process's, each
// variable libpq knows is handed to PQconnectdbParams as the keyword it stands for, so the
// connection follows the run, not the process. Keywords go ahead of the connection text,
// which overrides them, as it overrides PG* variables for psql. Nothing goes through argv
// or a message: the values travel as PQconnectdbParams' arrays only.
//
// What cannot be undone this way: a variable the process has and the run lacks, for a
// keyword with no compiled-in default (PGHOST, PGUSER, PGPASSWORD, PGDATABASE…), is still
// read by libpq from the process (there is no keyword for "unset"). With a compiled-in
// default (PGSSLMODE, PGCONNECT_TIMEOUT…) that default is passed instead.

import CLibPQ
import MoneyKitProcess

/// The environment a connection is opened in: the run's variables against the process's.
package struct PostgresRunEnvironment: Sendable {
    /// The run's environment (ToolIO's).
    package let run: [String: String]
    /// The process's environment, which libpq reads itself.
    package let process: [String: String]

    /// The run's `environment` against this process's.
    package init(_ environment: [String: String]) {
        self.init(run: environment, process: ProcessControl.environment())
    }

    /// `run` against `process` (tests give both).
    package init(run: [String: String], process: [String: String]) {
        self.run = run
        self.process = process
    }

    /// One of libpq's connection options (PQconndefaults): its keyword, the variable that
    /// sets it, and its compiled-in default.
    package struct Option: Sendable, Equatable {
        package let keyword: String
        package let variable: String?
        package let compiled: String?

        package init(keyword: String, variable: String?, compiled: String?) {
            self.keyword = keyword
            self.variable = variable
            self.compiled = compiled
        }
    }

    /// A variable as libpq reads it: an empty value counts as unset.
    private static func value(_ name: String, in environment: [String: String]) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The run's value of `variable` (nil when unset or empty): what libpq would read in a
    /// process of the run's own.
    package func value(_ variable: String) -> String? { Self.value(variable, in: run) }

    /// The keywords (and their values) that make libpq, reading the process's environment,
    /// connect as it would in the run's: each of `options` whose variable differs between
    /// the two, in `options`' order; and the password file under the run's HOME when HOME
    /// differs and the run names no PGPASSFILE.
    package func settings(for options: [Option]) -> [(keyword: String, value: String)] {
        var settings: [(keyword: String, value: String)] = []
        for option in options {
            // dbname carries the connection text itself (expanded only when it is the
            // first dbname): PGDATABASE is `database(given:)`'s.
            guard let variable = option.variable, option.keyword != "dbname" else { continue }
            let wanted = Self.value(variable, in: run)
            guard wanted != Self.value(variable, in: process) else { continue }
            if let wanted {
                settings.append((option.keyword, wanted))
            } else if let compiled = option.compiled {
                settings.append((option.keyword, compiled))
            }
        }
        let passfile = options.contains { $0.keyword == "passfile" }
        if passfile, Self.value("PGPASSFILE", in: run) == nil, let home = Self.value("HOME", in: run),
            home != Self.value("HOME", in: process) {
            settings.append(("passfile", home + "/.pgpass"))
        }
        return settings
    }

    /// The database to name after the connection text, when the text names none and the
    /// run's PGDATABASE differs from the process's (nil: libpq's own choice is the run's).
    package func database(given textDatabase: String?) -> String? {
        guard textDatabase == nil, let wanted = value("PGDATABASE"), wanted != Self.value("PGDATABASE", in: process) else { return nil }
        return wanted
    }

    /// The options of the loaded libpq (PQconndefaults).
    static func options(_ libpq: LibPQ) -> [Option] {
        guard let defaults = libpq.conndefaults() else { return [] }
        defer { libpq.conninfoFree(defaults) }
        var options: [Option] = []
        var option = defaults
        while let keyword = option.pointee.keyword {
            options.append(Option(
                keyword: String(cString: keyword), variable: option.pointee.envvar.map { String(cString: $0) },
                compiled: option.pointee.compiled.map { String(cString: $0) }))
            option += 1
        }
        return options
    }
}

// swift-tools-version: 6.0
// MoneyKit: four small Unix money tools sharing one core. No package dependencies.
import PackageDescription

let package = Package(
    name: "MoneyKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The core for apps and tools. MoneyKitFormatting is its own target so that a tool
        // that never formats currency for people (tally) does not link ICU.
        .library(name: "MoneyKit", targets: ["MoneyKit", "MoneyKitFormatting", "MoneyKitDecimal"]),
        // Each tool's library, for an app that wants the tool's model, rules and stores
        // without its command line.
        .library(name: "TallyKit", targets: ["TallyKit"]),
        .library(name: "TillKit", targets: ["TillKit"]),
        .library(name: "BillKit", targets: ["BillKit"]),
        .library(name: "PortfolioKit", targets: ["PortfolioKit"]),
        // Each kit's stores, apart from it: an app links the kit alone (in-memory store) or
        // with the SQLite or PostgreSQL adapter it wants.
        .library(name: "TallySQLite", targets: ["TallySQLite"]),
        .library(name: "TallyPostgres", targets: ["TallyPostgres"]),
        .library(name: "TillSQLite", targets: ["TillSQLite"]),
        .library(name: "TillPostgres", targets: ["TillPostgres"]),
        .library(name: "PortfolioSQLite", targets: ["PortfolioSQLite"]),
        .library(name: "PortfolioPostgres", targets: ["PortfolioPostgres"]),
        .executable(name: "tillcount", targets: ["tillcount"]),
        .executable(name: "tally", targets: ["tally"]),
        .executable(name: "billsplit", targets: ["billsplit"]),
        .executable(name: "portfolio", targets: ["portfolio"]),
    ],
    targets: [
        // Money only: amounts, currencies, denominations, cash rounding. No libc, no files:
        // it builds in an Apple app unchanged.
        .target(name: "MoneyKit"),
        // Currency formatting for people (ICU), kept apart so that tally links no ICU.
        .target(name: "MoneyKitFormatting", dependencies: ["MoneyKit", "MoneyKitPlatform"]),
        // Money to and from Foundation's Decimal, for apps: apart, so that MoneyKit imports
        // no Foundation and a tool that needs none starts without it.
        .target(name: "MoneyKitDecimal", dependencies: ["MoneyKit"]),
        // The machine, as an app may use it: time and calendar, files, locks, durable
        // fsync, UTF-8 text. With MoneyKitProcess, the only targets that import Glibc,
        // Musl or Darwin.
        .target(name: "MoneyKitPlatform"),
        // The running process: its environment, signals, terminal, children (the editor),
        // its end. For the command line and the executables only: no kit, nor MoneyKit,
        // MoneyKitFormatting or MoneyKitStorage, depends on it (.ci/check-app-facing.sh).
        .target(name: "MoneyKitProcess", dependencies: ["MoneyKitPlatform"]),
        // Storing things: JSON values and parser, the atomic file store, XDG paths, the
        // name and undo conventions of stored items.
        // No Foundation in it (nor in MoneyKit): a tool that needs none starts without it.
        .target(name: "MoneyKitStorage", dependencies: ["MoneyKit", "MoneyKitPlatform"]),
        // Codable documents in the file store, through Foundation's JSON coders (billsplit's
        // preferences): apart, so that only a tool with such documents links Foundation.
        .target(name: "MoneyKitCodable", dependencies: ["MoneyKitStorage"]),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The SQLite wrapper every file store shares (tally, tillcount, portfolio), with the undo journal's rows.
        .target(name: "MoneyKitSQLite", dependencies: ["MoneyKitStorage", "MoneyKitPlatform", "CSQLite"]),
        // libpq's types and function types, declared (no header from libpq-dev, no
        // pkg-config: its flags would link libpq). MoneyKitPostgres loads libpq with dlopen
        // at the first connection, so a file-store run maps none of it.
        .systemLibrary(name: "CLibPQ"),
        // The PostgreSQL wrapper for shared stores (tally, tillcount, portfolio); nothing
        // in the core depends on it.
        .target(name: "MoneyKitPostgres", dependencies: ["MoneyKitStorage", "MoneyKitPlatform", "MoneyKitProcess", "CLibPQ"]),
        // The shared command-line engine: specs, parsing, help, errors and exit codes,
        // manual and completions, report renderers, terminal text.
        .target(name: "MoneyKitCLI", dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitProcess"]),
        // One library per tool: its model, rules, reports as values, the repository it
        // needs and its adapters. No command line: what an app would link.
        .target(name: "TallyKit", dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitPlatform"]),
        // tally's storage adapters: they map rows, nothing else; the executable wires them.
        .target(name: "TallySQLite", dependencies: ["TallyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitSQLite"]),
        .target(name: "TallyPostgres", dependencies: ["TallyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitPostgres"]),
        .target(name: "TillKit", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitStorage", "MoneyKitPlatform"]),
        // tillcount's storage adapters: they map rows, nothing else; the executable wires them.
        .target(name: "TillSQLite", dependencies: ["TillKit", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitSQLite"]),
        .target(name: "TillPostgres", dependencies: ["TillKit", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitPostgres"]),
        .target(name: "BillKit", dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitCodable", "MoneyKitPlatform"]),
        .target(name: "PortfolioKit", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitStorage", "MoneyKitPlatform"]),
        // portfolio's storage adapters: they map rows, nothing else; the executable wires them.
        .target(name: "PortfolioSQLite", dependencies: ["PortfolioKit", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitSQLite"]),
        .target(name: "PortfolioPostgres", dependencies: ["PortfolioKit", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitPostgres"]),
        // The four thin executables: a spec, the wiring to the tool's library, rendering.
        .executableTarget(name: "tally", dependencies: ["TallyKit", "TallySQLite", "TallyPostgres", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI", "MoneyKitProcess", "MoneyKitPostgres"]),
        .executableTarget(name: "tillcount", dependencies: ["TillKit", "TillSQLite", "TillPostgres", "MoneyKit", "MoneyKitFormatting", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI", "MoneyKitProcess", "MoneyKitPostgres"]),
        .executableTarget(name: "billsplit", dependencies: ["BillKit", "MoneyKit", "MoneyKitFormatting", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI", "MoneyKitProcess"]),
        .executableTarget(name: "portfolio", dependencies: ["PortfolioKit", "PortfolioSQLite", "PortfolioPostgres", "MoneyKit", "MoneyKitFormatting", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI", "MoneyKitPostgres"]),
        // In-process tests, one target per library: fast, run in parallel with the rest.
        .testTarget(name: "MoneyKitTests", dependencies: ["MoneyKit", "MoneyKitDecimal", "NotationTestSupport"]),
        .testTarget(name: "MoneyKitFormattingTests", dependencies: ["MoneyKit", "MoneyKitFormatting"]),
        .testTarget(name: "MoneyKitPlatformTests", dependencies: ["MoneyKitPlatform"]),
        .testTarget(name: "MoneyKitStorageTests", dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitCodable", "MoneyKitPlatform", "UndoJournalContract"]),
        .testTarget(name: "MoneyKitCLITests", dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI"]),
        .testTarget(name: "TallyKitTests", dependencies: ["TallyKit", "TallySQLite", "TallyPostgres", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitSQLite", "MoneyKitPostgres", "PostgresTestSupport"]),
        .testTarget(name: "TillKitTests", dependencies: ["TillKit", "TillSQLite", "TillPostgres", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitSQLite", "MoneyKitPostgres", "PostgresTestSupport", "NotationTestSupport"]),
        .testTarget(name: "BillKitTests", dependencies: ["BillKit", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "NotationTestSupport"]),
        .testTarget(name: "MoneyKitPostgresTests", dependencies: ["MoneyKitPostgres", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI", "PostgresTestSupport", "UndoJournalContract"]),
        .testTarget(name: "MoneyKitSQLiteTests", dependencies: ["MoneyKitSQLite", "MoneyKitStorage", "MoneyKitPlatform", "CSQLite", "UndoJournalContract"]),
        .testTarget(name: "PortfolioKitTests", dependencies: ["PortfolioKit", "PortfolioSQLite", "PortfolioPostgres", "MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitSQLite", "MoneyKitPostgres", "PostgresTestSupport"]),
        // Runs the built tools as processes; depends on them so `swift test` builds them.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitPlatform", "MoneyKitCLI", "CSQLite", "tillcount", "tally", "billsplit", "portfolio", "mk-store-hammer", "PostgresTestSupport", "MoneyKitPostgres", "NotationTestSupport"]),
        // swift package --allow-writing-to-package-directory generate-manual
        .plugin(
            name: "GenerateManual",
            capability: .command(
                intent: .custom(verb: "generate-manual", description: "Write man/TOOL.1 for the four tools from their specs"),
                permissions: [.writeToPackageDirectory(reason: "writes the man pages into man/")]),
            dependencies: ["tillcount", "tally", "billsplit", "portfolio"]),
        // swift package --allow-writing-to-package-directory package-deb [--tool NAME]
        // Builds its own release binaries, so it depends on no target.
        .plugin(
            name: "PackageDeb",
            capability: .command(
                intent: .custom(verb: "package-deb", description: "Write one Debian package per tool into .build/debian"),
                permissions: [.writeToPackageDirectory(reason: "writes the .deb files into .build/debian (or --output)")]),
            path: "Plugins/PackageDeb"),
        // The throwaway PostgreSQL cluster the tests of the shared stores start and stop.
        .target(name: "PostgresTestSupport", dependencies: ["MoneyKitPostgres"], path: "Tests/Support/PostgresTestSupport"),
        // The undo journal's contract: the same checks on its in-memory, SQLite and PostgreSQL rows.
        .target(name: "UndoJournalContract", dependencies: ["MoneyKitStorage"], path: "Tests/Support/UndoJournalContract"),
        // The one table of written amounts, weights and percentages that the parsers' tests
        // and the screens' field tests both read (issue 26, item 2).
        .target(name: "NotationTestSupport", dependencies: ["MoneyKit"], path: "Tests/Support/NotationTestSupport"),
        // A helper the end-to-end tests run several of at once against one file store.
        .executableTarget(name: "mk-store-hammer", dependencies: ["MoneyKit", "MoneyKitStorage", "MoneyKitCodable", "MoneyKitPlatform", "MoneyKitCLI"], path: "Tests/Support/StoreHammer"),
    ]
)

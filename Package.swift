// swift-tools-version: 6.0
// MoneyKit: four small Unix money tools sharing one core. No package dependencies.
import PackageDescription

let package = Package(
    name: "MoneyKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The core for apps and tools. MoneyKitFormatting is its own target so that a tool
        // that never formats currency for people (tally) does not link ICU.
        .library(name: "MoneyKit", targets: ["MoneyKit", "MoneyKitFormatting"]),
        .executable(name: "tillcount", targets: ["tillcount"]),
        .executable(name: "tally", targets: ["tally"]),
        .executable(name: "billsplit", targets: ["billsplit"]),
        .executable(name: "portfolio", targets: ["portfolio"]),
    ],
    targets: [
        .target(name: "MoneyKit"),
        .target(name: "MoneyKitFormatting", dependencies: ["MoneyKit"]),
        .target(name: "MoneyKitCLI", dependencies: ["MoneyKit"]),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The SQLite wrapper the tools with history share (tillcount, portfolio).
        .target(name: "MoneyKitSQLite", dependencies: ["MoneyKit", "CSQLite"]),
        .executableTarget(name: "tillcount", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitCLI", "MoneyKitSQLite"]),
        .executableTarget(name: "tally", dependencies: ["MoneyKit", "MoneyKitCLI"]),
        .executableTarget(name: "billsplit", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitCLI"]),
        .executableTarget(name: "portfolio", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitCLI", "MoneyKitSQLite"]),
        .testTarget(name: "MoneyKitTests", dependencies: ["MoneyKit"]),
        .testTarget(name: "MoneyKitFormattingTests", dependencies: ["MoneyKit", "MoneyKitFormatting"]),
        .testTarget(name: "MoneyKitCLITests", dependencies: ["MoneyKit", "MoneyKitCLI"]),
        // Runs the built tools as processes; depends on them so `swift test` builds them.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["MoneyKit", "tillcount", "tally", "billsplit", "portfolio", "mk-store-hammer"]),
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
        // A helper the end-to-end tests run several of at once against one file store.
        .executableTarget(name: "mk-store-hammer", dependencies: ["MoneyKit", "MoneyKitCLI"], path: "Tests/Support/StoreHammer"),
    ]
)

// swift package --allow-writing-to-package-directory package-deb
//     [--tool NAME]... [--output DIR] [--maintainer "Name <address>"]
//
// Builds each tool in release with the Swift runtime linked statically (-static-stdlib,
// -z now), strips it and writes one TOOL_VERSION_ARCH.deb per tool into DIR (default
// .build/debian): /usr/bin/TOOL, its man page, its bash/zsh/fish completions,
// /usr/share/doc/TOOL/{copyright,changelog.gz}, Depends from dpkg-shlibdeps, and
// Recommends: libpq5 for the tools that load libpq at run time (dlopen, which
// dpkg-shlibdeps cannot see). No debian/ folder: everything a package needs is made here
// from the tools' own specs.
//
// The maintainer is whoever builds the packages: --maintainer, else DEBFULLNAME and
// DEBEMAIL, as dch reads them. SOURCE_DATE_EPOCH, when set, dates the files in the
// package; otherwise the changelog's release day does, so two builds give the same files.

import Foundation
import PackagePlugin

@main
struct PackageDeb: CommandPlugin {
    static let tools = ["billsplit", "portfolio", "tally", "tillcount"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let only = extractor.extractOption(named: "tool")
        let output = extractor.extractOption(named: "output").last
        let maintainerOption = extractor.extractOption(named: "maintainer").last
        if let unknown = extractor.remainingArguments.first {
            throw PackagingError(
                "unknown argument '\(unknown)'; use --tool NAME, --output DIR and --maintainer \"Name <address>\"")
        }
        for name in only where !Self.tools.contains(name) {
            throw PackagingError("unknown tool '\(name)'; the tools are \(Self.tools.joined(separator: ", "))")
        }
        let maintainer = try Maintainer.resolve(option: maintainerOption, environment: ProcessInfo.processInfo.environment)
        try Subprocess.requirePrograms(Subprocess.programsNeeded)
        let outputFolder = output.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL) }
            ?? context.package.directoryURL.appending(path: ".build/debian")
        try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        // A child that dies before reading its input must not take the plugin with it.
        signal(SIGPIPE, SIG_IGN)
        let toolchain = try Toolchain.current(swiftc: try context.tool(named: "swiftc").url)
        let architecture = try Subprocess.text("dpkg", ["--print-architecture"])

        for name in only.isEmpty ? Self.tools : only {
            print("\(name): building in release with -static-stdlib")
            let executable = try build(name)
            let packager = DebianPackager(
                tool: name, executable: executable, architecture: architecture, maintainer: maintainer,
                toolchain: toolchain,
                packageDirectory: context.package.directoryURL,
                workDirectory: context.pluginWorkDirectoryURL.appending(path: name))
            let deb = try packager.makePackage(in: outputFolder)
            print("\(name): wrote \(deb.path.path) (\(deb.downloadKiB) KiB, \(deb.installedKiB) KiB installed)")
        }
    }

    /// Builds the tool's product in release, statically linked with the Swift runtime and
    /// with immediate binding (-z now), and returns its executable.
    private func build(_ product: String) throws -> URL {
        var parameters = PackageManager.BuildParameters(configuration: .release, logging: .concise)
        parameters.otherSwiftcFlags = ["-static-stdlib"]
        parameters.otherLinkerFlags = ["-z", "now"]
        let result = try packageManager.build(.product(product), parameters: parameters)
        guard result.succeeded else {
            print(result.logText)
            throw PackagingError("the release build of \(product) failed")
        }
        // The result also lists the debug "-tool" variant SwiftPM builds for plugins;
        // the product is the executable named after it.
        guard let artifact = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == product }) else {
            throw PackagingError("the release build of \(product) produced no executable named \(product)")
        }
        return artifact.url
    }
}

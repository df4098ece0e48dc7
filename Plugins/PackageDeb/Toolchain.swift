// The Swift toolchain the tools are built with: its version, and the Runtime Library
// Exception from its licence, for the copyright file (the runtime is linked in).

import Foundation

struct Toolchain {
    /// "Swift version 6.3.1 (swift-6.3.1-RELEASE)".
    let version: String
    let runtimeLibraryException: String

    /// The toolchain whose `swiftc` is `link` (the one building the package).
    static func current(swiftc link: URL) throws -> Toolchain {
        // swiftc is a link to the driver, which goes by the name it was called by: run
        // the link, but find the licence beside the real file.
        let swiftc = link.resolvingSymlinksInPath()
        let firstLine = try Subprocess.text(link.path, ["--version"]).split(separator: "\n").first ?? ""
        // swiftc prints the driver's line first on some builds; keep "Swift version …".
        let version = firstLine.range(of: "Swift version").map { String(firstLine[$0.lowerBound...]) }
            ?? String(firstLine)
        let license = swiftc.deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "share/swift/LICENSE.txt")
        guard let text = try? String(contentsOf: license, encoding: .utf8) else {
            throw PackagingError("cannot read the toolchain's licence at \(license.path)")
        }
        return Toolchain(
            version: version,
            runtimeLibraryException: try runtimeLibraryException(fromLicense: text))
    }

    /// The Runtime Library Exception from the toolchain's LICENSE.txt: everything after
    /// its "Runtime Library Exception" heading.
    static func runtimeLibraryException(fromLicense license: String) throws -> String {
        guard let heading = license.range(of: "Runtime Library Exception") else {
            throw PackagingError("the toolchain's LICENSE.txt has no Runtime Library Exception")
        }
        let afterHeading = license[heading.upperBound...].drop(while: { $0 != "\n" })
        let exception = afterHeading.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !exception.isEmpty else { throw PackagingError("the toolchain's Runtime Library Exception is empty") }
        return exception.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n")
    }
}

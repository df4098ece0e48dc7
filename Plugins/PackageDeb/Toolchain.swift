// The Swift toolchain the tools are built with: its version, and the Runtime Library
// Exception from its licence, for the copyright file (the runtime is linked in).

import Foundation

struct Toolchain {
    /// "Swift version 6.3.1 (swift-6.3.1-RELEASE)".
    let version: String
    let runtimeLibraryException: String

    static func current() throws -> Toolchain {
        // swiftc is a link to the driver, which goes by the name it was called by: run
        // the link, but find the licence beside the real file.
        let link = try Subprocess.locate("swiftc")
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
            runtimeLibraryException: try DebianCopyright.runtimeLibraryException(fromToolchainLicense: text))
    }
}

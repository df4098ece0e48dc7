// /usr/share/doc/TOOL/copyright, in Debian's machine-readable format (DEP-5).
//
// The tools are static-stdlib builds: each executable carries parts of the Swift toolchain
// (the runtime and standard library, Dispatch, Foundation, swift-collections and, for the
// tools that format currency, ICU). Their terms are listed beside MoneyKit's own.

import Foundation

struct DebianCopyright {
    let tool: String
    /// Whether the tool links FoundationInternationalization and so ICU.
    let linksICU: Bool
    /// "Swift version 6.3.1 (swift-6.3.1-RELEASE)" or similar, from `swift --version`.
    let toolchainVersion: String
    /// The Runtime Library Exception, as written in the toolchain's own LICENSE.txt.
    let runtimeLibraryException: String

    /// MoneyKit's licence. A decision of the project's owners: change it here and in the
    /// README together.
    static let projectLicense = "Apache-2.0"
    static let projectCopyright = "2026 The MoneyKit developers"
    /// The Swift runtime's licence, by the DEP-5 "with … exception" syntax (SPDX: Swift-exception).
    static let swiftRuntimeLicense = "Apache-2.0 with Swift exception"

    var text: String {
        var parts = ["the Swift runtime and standard library", "Swift Concurrency", "Dispatch", "FoundationEssentials",
                     "swift-collections"]
        if linksICU { parts += ["FoundationInternationalization", "ICU (swift-foundation-icu)"] }
        let embedded = parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        // One Files paragraph: the package is a single program, and every holder below
        // has code in it. The Comment says which part is whose.
        var holders = [Self.projectCopyright, "2014-2026 Apple Inc. and the Swift project authors"]
        var licenses = [Self.projectLicense, Self.swiftRuntimeLicense]
        if linksICU {
            holders.append("1991-2026 Unicode, Inc. and others")
            licenses.append("Unicode-3.0")
        }
        var paragraphs = [
            """
            Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
            Upstream-Name: MoneyKit
            """,
            """
            Files: *
            Copyright: \(holders.joined(separator: "\n "))
            License: \(licenses.joined(separator: " and "))
            Comment:\(Self.continued("MoneyKit's own code is \(Self.projectLicense). usr/bin/\(tool) is linked statically with parts of the Swift toolchain it was built with, \(toolchainVersion): \(embedded), under \(Self.swiftRuntimeLicense)\(linksICU ? "; ICU under Unicode-3.0" : "")."))
            """,
        ]
        paragraphs.append(
            """
            License: Apache-2.0
             Licensed under the Apache License, Version 2.0 (the "License"); you may not
             use this file except in compliance with the License. You may obtain a copy
             of the License at https://www.apache.org/licenses/LICENSE-2.0
             .
             Unless required by applicable law or agreed to in writing, software
             distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
             WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
             License for the specific language governing permissions and limitations
             under the License.
             .
             On Debian systems, the complete text of the Apache License, Version 2.0 can
             be found in "/usr/share/common-licenses/Apache-2.0".
            """)
        paragraphs.append(
            """
            License: \(Self.swiftRuntimeLicense)
             The Apache License, Version 2.0 (see Apache-2.0 above), with this exception:
             .
            \(Self.licenseBody(runtimeLibraryException))
            """)
        if linksICU {
            paragraphs.append("License: Unicode-3.0\n" + Self.licenseBody(Self.unicodeLicenseV3))
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    /// A field value continued on the following lines, each wrapped and indented.
    private static func continued(_ text: String) -> String {
        "\n" + TextWrapping.wrap(text, firstPrefix: " ", prefix: " ").dropLast()
    }

    /// Licence text as a DEP-5 field body: each line indented, blank lines as " .".
    private static func licenseBody(_ text: String) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: true)
            .map { paragraph in
                paragraph.split(separator: "\n")
                    .map { " " + $0.trimmingCharacters(in: .whitespaces) }
                    .joined(separator: "\n")
            }
            .joined(separator: "\n .\n")
    }

    /// The Unicode License V3 (ICU's licence), whose terms require it to accompany copies.
    static let unicodeLicenseV3 = """
        UNICODE LICENSE V3

        COPYRIGHT AND PERMISSION NOTICE

        Copyright © 1991-2026 Unicode, Inc.

        NOTICE TO USER: Carefully read the following legal agreement. BY
        DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
        SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
        TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
        DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.

        Permission is hereby granted, free of charge, to any person obtaining a
        copy of data files and any associated documentation (the "Data Files") or
        software and any associated documentation (the "Software") to deal in the
        Data Files or Software without restriction, including without limitation
        the rights to use, copy, modify, merge, publish, distribute, and/or sell
        copies of the Data Files or Software, and to permit persons to whom the
        Data Files or Software are furnished to do so, provided that either (a)
        this copyright and permission notice appear with all copies of the Data
        Files or Software, or (b) this copyright and permission notice appear in
        associated Documentation.

        THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
        KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
        MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
        THIRD PARTY RIGHTS.

        IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
        BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
        OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
        WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
        ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
        FILES OR SOFTWARE.

        Except as contained in this notice, the name of a copyright holder shall
        not be used in advertising or otherwise to promote the sale, use or other
        dealings in these Data Files or Software without prior written
        authorization of the copyright holder.
        """
}

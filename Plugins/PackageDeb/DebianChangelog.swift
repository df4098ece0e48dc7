// The Debian changelog shipped as /usr/share/doc/TOOL/changelog.gz.
//
// MoneyKit is packaged natively (no Debian revision), so this is the package's only
// changelog. Add an entry here with every release: the plugin refuses to package a
// version that has none, so a version bump cannot ship with a stale changelog.

import Foundation

struct ReleaseNote {
    let version: String
    /// The release day, YYYY-MM-DD; the entry's time is noon UTC, so it is reproducible.
    let date: String
    let changes: [String]
}

enum DebianChangelog {
    /// Newest first.
    static let releases: [ReleaseNote] = [
        ReleaseNote(version: "0.1.0", date: "2026-11-21", changes: [
            "First release of the four MoneyKit tools: tillcount, tally, billsplit and portfolio.",
            "Man pages and bash, zsh and fish completions generated from each tool's command spec.",
        ]),
    ]

    /// The changelog for `package` up to and including `version`, signed by `maintainer`.
    static func render(package: String, version: String, maintainer: String) throws -> String {
        guard let newest = releases.firstIndex(where: { $0.version == version }) else {
            throw PackagingError(
                "no changelog entry for version \(version): add one to Plugins/PackageDeb/DebianChangelog.swift")
        }
        var text = ""
        for (index, release) in releases[newest...].enumerated() {
            if index > 0 { text += "\n" }
            text += "\(package) (\(release.version)) unstable; urgency=medium\n\n"
            for change in release.changes {
                text += TextWrapping.wrap(change, firstPrefix: "  * ", prefix: "    ")
            }
            text += "\n -- \(maintainer)  \(try rfc5322Date(release.date))\n"
        }
        return text
    }

    /// Noon UTC of the day `version` was released, in seconds since 1970: the files'
    /// date in the package when SOURCE_DATE_EPOCH is not set.
    static func releaseEpoch(of version: String) throws -> Int {
        guard let release = releases.first(where: { $0.version == version }) else {
            throw PackagingError("no changelog entry for version \(version)")
        }
        return Int(try noonUTC(release.date).timeIntervalSince1970)
    }

    /// "2026-11-21" → "Sat, 21 Nov 2026 12:00:00 +0000", the form dpkg-parsechangelog reads.
    static func rfc5322Date(_ day: String) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: try noonUTC(day))
    }

    private static func noonUTC(_ day: String) throws -> Date {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd HH:mm"
        guard let date = parser.date(from: day + " 12:00") else {
            throw PackagingError("changelog date '\(day)' is not YYYY-MM-DD")
        }
        return date
    }
}

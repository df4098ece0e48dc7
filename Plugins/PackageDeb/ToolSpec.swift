// What the package says about a tool, read from the tool itself (its hidden --dump-help),
// so the control file and the man page describe the same program.

import Foundation

struct ToolSpec {
    let version: String
    let abstract: String
    let discussionParagraphs: [String]

    static func read(from executable: URL) throws -> ToolSpec {
        let data = try Subprocess.run(executable.path, ["--dump-help"])
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = document["version"] as? String,
            let command = document["command"] as? [String: Any],
            let abstract = command["abstract"] as? String
        else {
            throw PackagingError("\(executable.lastPathComponent) --dump-help printed no version and abstract")
        }
        guard version.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".+~".contains($0)) }),
            version.first?.isNumber == true
        else {
            // A "-" would read as a Debian revision of this native package.
            throw PackagingError("version '\(version)' is not a native Debian version (digits, letters, . + ~)")
        }
        let discussion = command["discussion"] as? String ?? ""
        let tool = executable.lastPathComponent
        let paragraphs = discussion.components(separatedBy: "\n\n")
            .map { $0.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces) }
            // Written for the man page; in `apt show` a section needs its page named.
            .map { $0.replacingOccurrences(of: "(see FILES)", with: "(see FILES in \(tool)(1))") }
            .filter { !$0.isEmpty }
        return ToolSpec(version: version, abstract: abstract, discussionParagraphs: paragraphs)
    }
}

// The one escaping of text put into markup the tools write (tillcount's HTML report,
// portfolio's SVG chart): the five characters that markup reads as markup become
// entities, so a name or note of `<script>` stays text.

package enum MarkupText {}

extension MarkupText {
    /// Stored or typed `text` as a page or a picture shows it: its control characters made
    /// visible (`terminalSafe`: a page or an SVG printed to a terminal stays harmless, and
    /// XML allows no C0 control), then `escaped`. What every report page and chart writes.
    package static func shown(_ text: String) -> String { escaped(text.terminalSafe) }

    /// `text` safe as an element's content or a quoted attribute value in HTML or SVG.
    package static func escaped(_ text: String) -> String {
        // Most text needs nothing: check first, so the common case copies nothing.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

// The one escaping of text put into an HTML page (tillcount report --format html). Every
// stored or typed string (a label from the denominations file, a note, a till's name)
// passes through here: markup characters become entities, so a note of `<script>` is
// text, never markup; control characters are first shown escaped as on a terminal
// (`\x1B`, `\u{202E}`), since HTML has no way to show them and a bidi override would make
// the printed line read differently from its bytes.

import MoneyKitCLI

enum HTMLText {
    /// `text` safe as an HTML element's content or a quoted attribute value.
    static func escaped(_ text: String) -> String {
        MarkupText.shown(text)
    }

    /// The page's `lang`: its words are English, so English, with the region of the
    /// user's locale when that locale is an English one (`en-GB` from `en_GB.UTF-8`);
    /// `en` otherwise. A tag that is not well formed is never written.
    static func language(localeIdentifier: String?) -> String {
        guard let identifier = localeIdentifier else { return "en" }
        let parts = identifier.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.first == "en", parts.count <= 3, parts.allSatisfy(isSubtag) else { return "en" }
        return parts.joined(separator: "-")
    }

    /// One to eight ASCII letters or digits: a BCP 47 subtag.
    private static func isSubtag(_ text: Substring) -> Bool {
        (1...8).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }
}

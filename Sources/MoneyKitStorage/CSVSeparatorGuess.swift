// A CSV line that came out as one field, though the file meant several: a spreadsheet
// set for a decimal comma writes `;` between fields, and some exports use tabs. Every
// CSV reader of the tools says so in its message, rather than only counting fields.

/// What a record read as comma-separated says about the separator the file really uses.
public enum CSVSeparatorGuess {
    /// The separator the file seems to use instead of a comma (`;` or a tab), when
    /// `fields` is a single field holding one; nil otherwise.
    public static func otherSeparator(in fields: [String]) -> Character? {
        guard fields.count == 1, let only = fields.first else { return nil }
        if only.contains(";") { return ";" }
        if only.contains("\t") { return "\t" }
        return nil
    }

    /// The words to add to a message about a record with the wrong number of fields, when
    /// it seems to use another separator; nil when nothing suggests that.
    public static func hint(for fields: [String]) -> String? {
        otherSeparator(in: fields).map(hint(separator:))
    }

    /// The same, for a separator already found.
    public static func hint(separator: Character) -> String {
        let named = separator == "\t" ? "tabs" : "'\(separator)'"
        return "it seems to use \(named) between fields; CSV here takes ','"
    }
}

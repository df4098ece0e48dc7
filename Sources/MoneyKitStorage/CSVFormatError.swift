// What is wrong with CSV text as CSV (an open quote, a stray quote, bytes that are not
// UTF-8), said once by the reader; the command line gives it exit 65 (CLIError.data),
// a kit passes it on or reports it as a fault of the file.

/// A CSV record that cannot be read, with the source and line in its message.
package struct CSVFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, starting with the source and the line.
    package let message: String
    /// What to do about it, when that helps.
    package let hint: String?

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    package var description: String { message }
}

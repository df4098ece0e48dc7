// Reading a whole input named on the command line: a file, or `-` for standard input.

import MoneyKitPlatform

package enum InputReader {
    /// The text of `path` (`-` is `standardInput`, the run's input). A missing or
    /// unreadable file is exit 66, text that is not UTF-8 exit 65, each naming the input.
    package static func readText(_ path: String, standardInput: InputSource) throws(CLIError) -> String {
        let isStdin = path == "-"
        let name = isStdin ? "standard input" : path
        let bytes: [UInt8]
        if isStdin {
            do {
                bytes = try standardInput.readToEnd()
            } catch {
                throw CLIError.readFailure(name, error)
            }
        } else {
            let input: FileDescriptor
            do {
                input = try FileDescriptor.openForReading(path)
            } catch {
                throw CLIError("cannot read \(name): \(error)", exitCode: .noInput)
            }
            defer { input.close() }
            do {
                bytes = try input.readToEnd()
            } catch {
                throw CLIError.readFailure(name, error)
            }
        }
        guard let text = UTF8Text.validated(bytes) else {
            throw CLIError.data("\(name) is not UTF-8 text")
        }
        // A byte order mark some editors add is not part of the data.
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}

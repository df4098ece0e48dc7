// Handing text to the user's editor (tillcount note --edit): a private temporary file that
// no other user can guess or plant (mkstemps: O_EXCL, mode 0600), the editor run through
// the shell, and the file removed afterwards.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Running the user's editor on a private temporary file (`tillcount note --edit`).
public enum EditorLaunch {
    /// Creates a new private file `folder/prefix-XXXXXX.suffix` holding `text`, runs `body`
    /// with its path, and removes the file. Nil when the file cannot be created.
    /// - Throws: rethrows what `body` throws (the file is removed first).
    public static func withTemporaryFile<Result>(
        holding text: String, folder: String, prefix: String, suffix: String, _ body: (String) throws -> Result
    ) rethrows -> Result? {
        var template = Array("\(folder)/\(prefix)-XXXXXX\(suffix)".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, Int32(suffix.utf8.count))
        }
        guard fd >= 0 else { return nil }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        return try body(path)
    }

    /// Runs `editor` on `path` through the shell, so that an editor given with arguments
    /// ("code --wait") works; returns system(3)'s wait status.
    public static func run(editor: String, on path: String) -> Int32 {
        var quoted = "'"
        for character in path {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
        }
        quoted += "'"
        return system("\(editor) \(quoted)")
    }

    /// What a wait status from system(3) says, as people read it: "exited with status 1",
    /// "was killed by signal 9" (the raw status 256 means exit status 1).
    public static func describeWaitStatus(_ status: Int32) -> String {
        if status == -1 { return "could not be started" }
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "was killed by signal \(signal)"
    }
}

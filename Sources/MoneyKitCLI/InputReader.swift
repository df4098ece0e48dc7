// Reading a whole input named on the command line: a file, or `-` for standard input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum InputReader {
    /// The text of `path` (`-` is standard input). A missing or unreadable file is exit
    /// 66, text that is not UTF-8 exit 65, each naming the input.
    public static func readText(_ path: String) throws(CLIError) -> String {
        let isStdin = path == "-"
        let name = isStdin ? "standard input" : path
        let fd = isStdin ? STDIN_FILENO : open(path.systemPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CLIError("cannot read \(name): \(String(cString: strerror(errno)))", exitCode: .noInput)
        }
        defer { if !isStdin { close(fd) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let code: ExitCode = errno == EISDIR ? .noInput : .ioError
                throw CLIError("cannot read \(name): \(String(cString: strerror(errno)))", exitCode: code)
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.data("\(name) is not UTF-8 text")
        }
        // A byte order mark some editors add is not part of the data.
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}

// The process list shows every process's arguments to every user of the machine. A
// connection string typed with its password (--file postgresql://ann:secret@db/shop) is
// scrubbed from this process's own argv as the tool starts: the password's bytes become
// '*' in place, so /proc/PID/cmdline and ps no longer show it. The tool has already read
// its arguments by then. The arguments scrubbed are those `isConnection` reads as a
// connection (so also a URI with a blank before it, postgresql:/h, postgres:h, mysql://…,
// and keyword strings libpq refuses), and any holding "password": the same set whose
// messages hide the password. This narrows the window, it cannot close it: passwords
// belong in ~/.pgpass, PGPASSFILE or a service file, as the manual says.

import MoneyKitPlatform

extension PostgresConnectionText {
    /// Replaces the passwords of every connection string among the process's arguments
    /// (also in `--option=TEXT` form) with '*' bytes, in place. Call it after the
    /// arguments were read into `CommandLine.arguments`.
    package static func scrubPasswordsFromProcessArguments() {
        let argv = CommandLine.unsafeArgv
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = argv[index] else { continue }
            scrubPasswords(inArgument: argument)
        }
    }

    /// Scrubs the passwords of the connection string in the NUL-terminated `argument`.
    /// Returns whether it changed anything.
    @discardableResult
    package static func scrubPasswords(inArgument argument: UnsafeMutablePointer<CChar>) -> Bool {
        // A password follows a ':' (a URI's user:password@) or an '=' (password=…): an
        // argument with neither (a name, a path, an option) holds none. Looked for in the
        // bytes, as this runs on every start and the text search below costs far more.
        let length = strlenOf(argument)
        guard (0..<length).contains(where: { argument[$0] == 0x3A || argument[$0] == 0x3D }) else { return false }
        let text = String(cString: argument)
        var candidates = [text]
        if let equals = text.firstIndex(of: "=") { candidates.append(String(text[text.index(after: equals)...])) }
        let secrets = candidates.filter { isConnection($0) || UTF8Text.contains("password", in: $0) }.flatMap { passwords(in: $0) }
        guard !secrets.isEmpty else { return false }
        var changed = false
        // Longest first: a quoted password ('two words') is hidden with its quotes.
        for secret in Set(secrets).sorted(by: { $0.utf8.count > $1.utf8.count }) {
            let bytes = Array(secret.utf8).map { CChar(bitPattern: $0) }
            guard !bytes.isEmpty, bytes.count <= length else { continue }
            var start = 0
            while start + bytes.count <= length {
                if (0..<bytes.count).allSatisfy({ argument[start + $0] == bytes[$0] }) {
                    for offset in 0..<bytes.count { argument[start + offset] = CChar(bitPattern: UInt8(ascii: "*")) }
                    changed = true
                    start += bytes.count
                } else {
                    start += 1
                }
            }
        }
        return changed
    }

    private static func strlenOf(_ text: UnsafeMutablePointer<CChar>) -> Int {
        var length = 0
        while text[length] != 0 { length += 1 }
        return length
    }
}

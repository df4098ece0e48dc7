// Who runs the process and on which machine: a shared store records both with every
// change, so that undo reverts only what this user did from this machine.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user and machine running this process.
public enum ProcessIdentity {
    /// The login name of the effective user (from the password database, then $USER),
    /// or "uid N" when neither knows it.
    public static var loginName: String {
        let uid = geteuid()
        if let entry = getpwuid(uid), let name = entry.pointee.pw_name {
            let text = String(cString: name)
            if !text.isEmpty { return text }
        }
        if let user = ProcessControl.environment()["USER"], !user.isEmpty { return user }
        return "uid \(uid)"
    }

    /// The machine's host name, or "localhost" when the system gives none.
    public static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// "user@host": who made a change to a shared store.
    public static var actor: String { "\(loginName)@\(hostName)" }
}

// A shared library opened at run time (dlopen) rather than linked: a tool maps a
// library it needs only for some commands (libpq, for a shared store) when one of them
// runs, so every other start pays nothing for it and works where it is not installed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A shared library loaded with dlopen. It is never closed: what was resolved from it
/// stays valid for the life of the process.
package struct DynamicLibrary: @unchecked Sendable {
    /// The name it was opened by (the first of the names given that loaded).
    package let name: String
    private let handle: UnsafeMutableRawPointer

    /// Why a library or one of its symbols could not be had, in the loader's words.
    package struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// "libpq.so.5: cannot open shared object file: No such file or directory".
        package let description: String
    }

    /// Opens the first of `names` that loads (each as dlopen looks a name up: the system's
    /// library folders, LD_LIBRARY_PATH), resolving every symbol at once (RTLD_NOW) and
    /// keeping them out of the global namespace (RTLD_LOCAL).
    /// - Throws: `LoadError` with the loader's message for the first name when none loads.
    package static func open(firstOf names: [String]) throws(LoadError) -> DynamicLibrary {
        var firstFailure: String?
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                return DynamicLibrary(name: name, handle: handle)
            }
            let message = dlerror().map { String(cString: $0) } ?? "\(name) cannot be loaded"
            if firstFailure == nil { firstFailure = message }
        }
        throw LoadError(description: firstFailure ?? "no library name was given")
    }

    /// The address of `symbol`.
    /// - Throws: `LoadError` naming the library and the symbol it lacks (an older version).
    package func address(of symbol: String) throws(LoadError) -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, symbol) else {
            throw LoadError(description: "\(name) has no \(symbol)")
        }
        return address
    }
}

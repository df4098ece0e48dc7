// The one error the plugin throws: a message SwiftPM prints as "error: …".

struct PackagingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// C string arrays for libpq's parameter lists, kept alive for the length of one call.

/// Copies of `strings` as NUL-terminated C strings (nil stays a null pointer), freed when
/// `body` returns.
func withCStringArray<Result, Failure: Error>(
    _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) throws(Failure) -> Result
) throws(Failure) -> Result {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { string in
        guard let string else { return nil }
        let bytes = Array(string.utf8CString)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        return copy
    }
    defer { for copy in copies { copy?.deallocate() } }
    return try body(copies.map { $0.map { UnsafePointer($0) } })
}

extension String {
    /// Whether the text holds a NUL, which a C string would silently cut off at.
    var containsNUL: Bool { utf8.contains(0) }
}

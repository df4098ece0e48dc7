// The client-made id each change to a shared store carries. The change stores it in the
// same transaction, so after a connection lost during COMMIT the tool can ask whether the
// change was saved, and run it again only if it was not: a retry never counts twice.

/// A random 128-bit id, as 32 lowercase hex digits.
package struct PostgresChangeID: Equatable, Hashable, Sendable, CustomStringConvertible {
    package let text: String

    /// A new random id (the system's random source).
    package init() {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        text = Self.hex(high) + Self.hex(low)
    }

    package var description: String { text }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

// Import's lookup of a field by its bytes (an account name seen before), without making a
// text of the field first: a million rows name a hundred accounts over and over.

/// Numbers kept by byte strings, looked up by bytes that need not be copied.
struct ByteKeyedIndex {
    private var keys: [[UInt8]] = []
    private var values: [Int] = []
    /// Entries (into `keys`) by the hash of their bytes.
    private var buckets: [UInt64: [Int]] = [:]

    /// FNV-1a over the bytes: cheap, and good enough to spread names.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3  // wrapping: a hash (FNV-1a), not an amount
        }
        return hash
    }

    /// The number kept for `bytes`, nil when there is none.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let entries = buckets[Self.hash(bytes)] else { return nil }
        for entry in entries where keys[entry].elementsEqual(bytes) { return values[entry] }
        return nil
    }

    /// Keeps `value` for `bytes`.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Int) {
        buckets[Self.hash(bytes), default: []].append(keys.count)
        keys.append(Array(bytes))
        values.append(value)
    }
}

// A test helper, not a product: increments a counter in a JSON file store COUNT times,
// each in its own locked read-modify-write, so tests can run several at once and check
// that no update is lost.
//
//   mk-store-hammer PATH COUNT

import MoneyKit
import MoneyKitStorage
import MoneyKitCodable
import MoneyKitCLI

#if canImport(Glibc)
import Glibc
#endif

struct HammerDocument: StoredDocument, Codable {
    static let formatName = "store-hammer"
    static let formatVersion = 1
    var count: Int = 0
    var writers: [String: Int] = [:]
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    Console.err.line("usage: mk-store-hammer PATH COUNT")
    Console.err.flush()
    exit(64)
}
let store = JSONFileStore<HammerDocument>(path: arguments[1], lockTimeout: 60)
let me = String(getpid())
do {
    for _ in 0..<count {
        try store.write { document in
            document.count += 1
            document.writers[me, default: 0] += 1
        }
    }
} catch {
    Console.err.line("mk-store-hammer: \(error)")
    Console.err.flush()
    exit(1)
}

// CLIError: its constructors, and the exit codes MoneyKit's errors map to.

import Testing
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
@testable import MoneyKitCLI

@Test(
    "MoneyError is a data error with its description as the message",
    arguments: [
        MoneyError.invalidAmount(input: "12abc", reason: "not a number"),
        .tooManyDecimals(input: "1.234", currency: "EUR", allowed: 2),
        .overflow(operation: "adding"),
        .currencyMismatch("EUR", "USD"),
        .unknownCurrency("XYZ"),
        .invalidArgument("cannot split into 0 parts"),
    ])
func moneyErrorMapsToDataError(_ error: MoneyError) {
    let mapped = CLIError.from(error)
    #expect(mapped.exitCode == .dataError)
    #expect(mapped.exitCode.rawValue == 65)
    #expect(mapped.message == error.description)
    #expect(mapped.hint == nil)
    #expect(mapped.usageCommandPath == nil)
}

struct StoreCase: Sendable, CustomTestStringConvertible {
    let error: StoreError
    let code: Int32
    let hint: String?
    var testDescription: String { "\(error) → \(code)" }
}

@Test(
    "StoreError maps to its sysexits code",
    arguments: [
        StoreCase(
            error: .corrupt(path: "/s.json", reason: "bad JSON"), code: 65,
            hint: "move the file aside to start afresh, or restore it from a backup"),
        StoreCase(
            error: .newerVersion(path: "/s.json", found: 3, supported: 1), code: 65,
            hint: "use a newer version of this tool"),
        StoreCase(error: .unreadable(path: "/s.json", reason: "permission denied"), code: 66, hint: nil),
        StoreCase(error: .cannotCreate(path: "/s.json", reason: "no such folder"), code: 73, hint: nil),
        StoreCase(error: .readOnly(path: "/s.json"), code: 73, hint: nil),
        StoreCase(error: .io(path: "/s.json", reason: "disk full"), code: 74, hint: nil),
        StoreCase(error: .busy(path: "/s.json"), code: 75, hint: "another command is still running; try again"),
        StoreCase(
            error: .noHome(variable: "XDG_DATA_HOME"), code: 78,
            hint: "set HOME, or name a file with the tool's option or variable"),
    ])
func storeErrorMapsToItsCode(_ row: StoreCase) {
    let mapped = CLIError.from(row.error)
    #expect(mapped.exitCode.rawValue == row.code)
    #expect(mapped.exitCode == row.error.exitCode)
    #expect(mapped.message == row.error.description)
    #expect(mapped.hint == row.hint)
    #expect(mapped.usageCommandPath == nil)
}

@Test func cliErrorPassesThroughUnchanged() {
    let original = CLIError.usage("unknown option '--x'", hint: "did you mean '--y'?", commandPath: ["inc"])
    let mapped = CLIError.from(original)
    #expect(mapped.message == original.message)
    #expect(mapped.hint == original.hint)
    #expect(mapped.exitCode == .usage)
    #expect(mapped.usageCommandPath == ["inc"])
}

private struct Unexpected: Error, CustomStringConvertible {
    var description: String { "something odd" }
}

@Test func otherErrorsAreIOErrors() {
    let mapped = CLIError.from(Unexpected())
    #expect(mapped.exitCode == .ioError)
    #expect(mapped.message == "something odd")
    #expect(mapped.usageCommandPath == nil)
}

@Test func constructors() {
    let usage = CLIError.usage("bad")
    #expect(usage.exitCode == .usage)
    #expect(usage.usageCommandPath == [])
    #expect(usage.description == "bad")

    let data = CLIError.data("bad amount", hint: "use digits")
    #expect(data.exitCode == .dataError)
    #expect(data.hint == "use digits")
    #expect(data.usageCommandPath == nil)

    let plain = CLIError("failed", exitCode: .busy)
    #expect(plain.exitCode.rawValue == 75)
    #expect(plain.hint == nil)
    #expect(plain.usageCommandPath == nil)
}

@Test func notFoundSuggestsACloseName() {
    let close = CLIError.notFound("counter", "cofee", known: ["coffee", "tea"], hint: "see 'tally list'")
    #expect(close.message == "no counter named 'cofee'")
    #expect(close.exitCode == .noInput)
    #expect(close.hint == "did you mean 'coffee'?")
    #expect(close.usageCommandPath == nil)

    let far = CLIError.notFound("counter", "zzz", known: ["coffee", "tea"], hint: "see 'tally list'")
    #expect(far.hint == "see 'tally list'")
    #expect(CLIError.notFound("counter", "zzz").hint == nil)
}

@Test(
    "Exit codes follow sysexits.h",
    arguments: [
        (ExitCode.ok, Int32(0)), (.checkFailed, 1), (.usage, 64), (.dataError, 65), (.noInput, 66),
        (.cannotCreate, 73), (.ioError, 74), (.busy, 75), (.configuration, 78),
    ])
func exitCodeValues(_ code: ExitCode, _ raw: Int32) {
    #expect(code.rawValue == raw)
    #expect(ExitCode(rawValue: raw) == code)
    #expect(code.meaning.hasSuffix("."))
}

@Test func exitStatusSpecUsesTheCodesMeaning() {
    #expect(ExitStatusSpec(.usage).code == 64)
    #expect(ExitStatusSpec(.usage).meaning == ExitCode.usage.meaning)
    #expect(ExitStatusSpec(.checkFailed, "The till is short.").meaning == "The till is short.")
    #expect(Set(ExitCode.allCases.map(\.meaning)).count == ExitCode.allCases.count)
}

@Test(
    "a platform FileError that escapes unmapped reports as its StoreError does",
    arguments: [
        FileError.unreadable(path: "/s.db", reason: "permission denied"),
        .cannotCreate(path: "/s.db", reason: "no such folder"),
        .io(path: "/s.db", reason: "disk full"),
        .busy(path: "/s.db"),
    ])
func fileErrorMapsAsItsStoreError(_ error: FileError) {
    let mapped = CLIError.from(error)
    let expected = CLIError.from(StoreError(error))
    #expect(mapped.exitCode == expected.exitCode)
    #expect(mapped.exitCode != .ioError || error == .io(path: "/s.db", reason: "disk full"))
    #expect(mapped.message == error.description)
    #expect(mapped.hint == expected.hint)
}

// The platform layer's file errors as store errors, one to one and with the same
// message, so that every handler of `StoreError` (exit codes, hints, retries) sees a
// failing file the way it saw it when the platform threw `StoreError` itself.

import MoneyKitPlatform

extension StoreError {
    /// The store error for the file error `error`: same case, same path, same message.
    package init(_ error: FileError) {
        switch error {
        case let .unreadable(path, reason): self = .unreadable(path: path, reason: reason)
        case let .cannotCreate(path, reason): self = .cannotCreate(path: path, reason: reason)
        case let .io(path, reason): self = .io(path: path, reason: reason)
        case let .busy(path): self = .busy(path: path)
        }
    }

    /// The value of `call`, a call of the platform's file API, with what it throws thrown
    /// as a `StoreError`: `try StoreError.mapping(PosixFile.fileSize(path))`. Every call of
    /// that API whose errors reach a `StoreError` handler goes through this.
    /// - Throws: `StoreError(_:)` of the `FileError` that `call` throws.
    package static func mapping<Result>(_ call: @autoclosure () throws(FileError) -> Result) throws(StoreError) -> Result {
        do {
            return try call()
        } catch {
            throw StoreError(error)
        }
    }
}

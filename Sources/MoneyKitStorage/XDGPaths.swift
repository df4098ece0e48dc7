// Where a tool keeps its files, by the XDG Base Directory specification.

import MoneyKitPlatform

/// The XDG base folders, resolved from an environment (never read implicitly, so tests
/// and apps pass their own).
public struct XDGPaths: Sendable {
    /// Which XDG base folder: data, state or config.
    public enum Kind: Sendable {
        /// `$XDG_DATA_HOME`, default `~/.local/share`: what the user would back up.
        case data
        /// `$XDG_STATE_HOME`, default `~/.local/state`: state that survives restarts.
        case state
        /// `$XDG_CONFIG_HOME`, default `~/.config`: preferences.
        case config

        var variable: String {
            switch self {
            case .data: return "XDG_DATA_HOME"
            case .state: return "XDG_STATE_HOME"
            case .config: return "XDG_CONFIG_HOME"
            }
        }

        var defaultUnderHome: String {
            switch self {
            case .data: return ".local/share"
            case .state: return ".local/state"
            case .config: return ".config"
            }
        }
    }

    /// The environment the folders are resolved from (`HOME` and the `XDG_*` variables).
    public let environment: [String: String]

    /// Paths resolved from `environment`, usually the process's own.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The base folder of `kind`. A relative XDG value is ignored, as the spec says.
    /// - Throws: `StoreError.noHome` when the XDG variable is unset or relative and `HOME` is
    ///   unset or relative too.
    public func base(_ kind: Kind) throws(StoreError) -> String {
        if let value = environment[kind.variable], value.hasPrefix("/") {
            return value
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw StoreError.noHome(variable: kind.variable)
        }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/" + kind.defaultUnderHome
    }

    /// `BASE/tool/fileName`, e.g. `~/.local/share/tally/counters.json`.
    /// - Throws: `StoreError.noHome` as `base(_:)` does.
    public func file(_ kind: Kind, tool: String, fileName: String) throws(StoreError) -> String {
        try base(kind) + "/" + tool + "/" + fileName
    }

    /// The store path for a tool: an explicit option wins, then the tool's environment
    /// variable, then the XDG default.
    /// - Throws: `StoreError.noHome` when neither is given and there is no XDG default (see
    ///   `base(_:)`).
    public func storePath(
        option: String?, environmentVariable: String, kind: Kind, tool: String, fileName: String
    ) throws(StoreError) -> String {
        try storeLocation(
            option: option, environmentVariable: environmentVariable, kind: kind, tool: tool, fileName: fileName
        ).path
    }

    /// Like `storePath`, also telling whether the path is the tool's default one (whose
    /// folders a write may create) or one the user named.
    /// - Throws: `StoreError.noHome` when neither is given and there is no XDG default (see
    ///   `base(_:)`).
    public func storeLocation(
        option: String?, environmentVariable: String, kind: Kind, tool: String, fileName: String
    ) throws(StoreError) -> StoreLocation {
        if let option, !option.isEmpty { return StoreLocation(path: option, isDefault: false) }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return StoreLocation(path: fromEnvironment, isDefault: false)
        }
        return StoreLocation(path: try file(kind, tool: tool, fileName: fileName), isDefault: true)
    }
}

/// Where a store lives, and whether that is the tool's default place.
public struct StoreLocation: Sendable, Equatable {
    /// The store file's path, as given or resolved (not made absolute).
    public let path: String
    /// True for the XDG default; false for a path from an option or a variable.
    public let isDefault: Bool

    /// A location at `path`; `isDefault` when it is the tool's XDG default.
    public init(path: String, isDefault: Bool) {
        self.path = path
        self.isDefault = isDefault
    }
}

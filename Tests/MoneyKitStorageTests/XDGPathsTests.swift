// Where the tools keep their files: XDG base folders and the store path.

import Testing
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

@Suite("XDG paths")
struct XDGPathsTests {
    @Test("defaults under HOME", arguments: [
        (XDGPaths.Kind.data, "/home/ada/.local/share"),
        (.state, "/home/ada/.local/state"),
        (.config, "/home/ada/.config"),
    ])
    func defaultsUnderHome(kind: XDGPaths.Kind, expected: String) throws {
        #expect(try XDGPaths(environment: ["HOME": "/home/ada"]).base(kind) == expected)
        #expect(try XDGPaths(environment: ["HOME": "/home/ada/"]).base(kind) == expected, "trailing slash on HOME")
    }

    @Test("an absolute XDG variable wins over HOME", arguments: [
        (XDGPaths.Kind.data, "XDG_DATA_HOME"),
        (.state, "XDG_STATE_HOME"),
        (.config, "XDG_CONFIG_HOME"),
    ])
    func xdgOverride(kind: XDGPaths.Kind, variable: String) throws {
        let paths = XDGPaths(environment: ["HOME": "/home/ada", variable: "/srv/xdg"])
        #expect(try paths.base(kind) == "/srv/xdg")
        // Without HOME too.
        #expect(try XDGPaths(environment: [variable: "/srv/xdg"]).base(kind) == "/srv/xdg")
    }

    @Test("a relative or empty XDG variable is ignored", arguments: ["relative/share", "./share", "~/share", ""])
    func relativeIgnored(value: String) throws {
        let paths = XDGPaths(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": value])
        #expect(try paths.base(.data) == "/home/ada/.local/share")
    }

    @Test("the variables of other kinds do not leak")
    func otherKindsIgnored() throws {
        let paths = XDGPaths(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/srv/config"])
        #expect(try paths.base(.data) == "/home/ada/.local/share")
        #expect(try paths.base(.state) == "/home/ada/.local/state")
    }

    @Test("no usable HOME is noHome", arguments: [
        [:], ["HOME": ""], ["HOME": "home/ada"], ["XDG_DATA_HOME": "relative"], ["XDG_STATE_HOME": "/srv/state"],
    ] as [[String: String]])
    func missingHome(environment: [String: String]) {
        let paths = XDGPaths(environment: environment)
        #expect(throws: StoreError.noHome(variable: "XDG_DATA_HOME")) { try paths.base(.data) }
        #expect(throws: StoreError.noHome(variable: "XDG_DATA_HOME")) {
            try paths.file(.data, tool: "tally", fileName: "counters.json")
        }
        #expect(StoreError.noHome(variable: "XDG_DATA_HOME").path == nil)
    }

    @Test func fileUnderToolFolder() throws {
        let paths = XDGPaths(environment: ["HOME": "/home/ada"])
        #expect(try paths.file(.data, tool: "tally", fileName: "counters.json") == "/home/ada/.local/share/tally/counters.json")
        #expect(try paths.file(.config, tool: "billsplit", fileName: "prefs.json") == "/home/ada/.config/billsplit/prefs.json")
    }

    struct Precedence: Sendable, CustomTestStringConvertible {
        let option: String?
        let environment: [String: String]
        let expected: String
        var testDescription: String { "option \(option ?? "nil"), env \(environment) → \(expected)" }
    }

    @Test("storePath: option, then the tool's variable, then XDG", arguments: [
        Precedence(option: "/tmp/opt.json", environment: ["TALLY_FILE": "/tmp/env.json", "XDG_DATA_HOME": "/xdg", "HOME": "/h"],
                   expected: "/tmp/opt.json"),
        Precedence(option: "relative.json", environment: [:], expected: "relative.json"),
        Precedence(option: nil, environment: ["TALLY_FILE": "/tmp/env.json", "XDG_DATA_HOME": "/xdg", "HOME": "/h"],
                   expected: "/tmp/env.json"),
        Precedence(option: "", environment: ["TALLY_FILE": "/tmp/env.json"], expected: "/tmp/env.json"),
        Precedence(option: nil, environment: ["TALLY_FILE": "", "XDG_DATA_HOME": "/xdg", "HOME": "/h"],
                   expected: "/xdg/tally/counters.json"),
        Precedence(option: nil, environment: ["HOME": "/h"], expected: "/h/.local/share/tally/counters.json"),
    ])
    func storePath(_ precedence: Precedence) throws {
        let paths = XDGPaths(environment: precedence.environment)
        let path = try paths.storePath(
            option: precedence.option, environmentVariable: "TALLY_FILE", kind: .data, tool: "tally", fileName: "counters.json")
        #expect(path == precedence.expected)
    }

    @Test func storePathWithNothingIsNoHome() {
        #expect(throws: StoreError.noHome(variable: "XDG_STATE_HOME")) {
            try XDGPaths(environment: [:]).storePath(
                option: nil, environmentVariable: "TALLY_FILE", kind: .state, tool: "tally", fileName: "x.json")
        }
    }
}

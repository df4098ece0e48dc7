// The --dump-help JSON: its version, its shape, and that Foundation can read it.

import Foundation
import MoneyKit
import Testing
@testable import MoneyKitCLI

private func dump(pretty: Bool = true) throws -> [String: Any] {
    let text = SpecJSON.document(for: SampleSpec.root, toolVersion: "1.2.3").serialized(pretty: pretty)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

private func commands(_ command: [String: Any]) -> [[String: Any]] {
    command["subcommands"] as? [[String: Any]] ?? []
}

private func options(_ command: [String: Any]) -> [[String: Any]] {
    command["options"] as? [[String: Any]] ?? []
}

private func named(_ name: String, in items: [[String: Any]], key: String = "name") -> [String: Any]? {
    items.first { $0[key] as? String == name }
}

@Test func dumpHelpVersionIsOne() throws {
    #expect(SpecJSON.version == 1)
    for pretty in [false, true] {
        let document = try dump(pretty: pretty)
        #expect((document["dumpHelpVersion"] as? NSNumber)?.intValue == 1)
        #expect(document["tool"] as? String == "tally")
        #expect(document["version"] as? String == "1.2.3")
    }
}

@Test func topLevelKeysComeInAStableOrder() {
    let text = SpecJSON.document(for: SampleSpec.root, toolVersion: "1.2.3").serialized()
    #expect(text.hasPrefix(#"{"dumpHelpVersion":1,"tool":"tally","version":"1.2.3","command":{"name":"tally","#))
}

@Test func rootCommandHoldsSubcommandsInOrderIncludingHidden() throws {
    let root = try #require(try dump()["command"] as? [String: Any])
    #expect(root["name"] as? String == "tally")
    #expect(root["abstract"] as? String == "named counters with a step")
    #expect((root["discussion"] as? String)?.hasPrefix("Each counter has a name") == true)
    #expect(root["defaultSubcommand"] as? String == "list")
    #expect(root["hidden"] as? Bool == false)
    #expect(
        commands(root).compactMap { $0["name"] as? String }
            == ["list", "new", "inc", "add", "rm", "import", "show", "set", "config", "doctor"])
    #expect(named("doctor", in: commands(root))?["hidden"] as? Bool == true)
    #expect(named("inc", in: commands(root))?["aliases"] as? [String] == ["increment"])
    #expect(named("list", in: commands(root))?["defaultSubcommand"] is NSNull)
    let config = try #require(named("config", in: commands(root)))
    #expect(commands(config).compactMap { $0["name"] as? String } == ["get", "path"])
}

@Test func rootOptionsEndWithBuiltinHelpAndVersion() throws {
    let root = try #require(try dump()["command"] as? [String: Any])
    let rootOptions = options(root)
    #expect(rootOptions.compactMap { $0["long"] as? String } == ["file", "color", "trace", "help", "version"])
    let help = try #require(named("help", in: rootOptions, key: "long"))
    #expect(help["builtin"] as? Bool == true)
    #expect(help["short"] as? String == "h")
    #expect(help["valueName"] is NSNull)
    #expect(named("version", in: rootOptions, key: "long")?["builtin"] as? Bool == true)
    #expect(named("file", in: rootOptions, key: "long")?["builtin"] as? Bool == false)
    #expect(named("trace", in: rootOptions, key: "long")?["hidden"] as? Bool == true)
}

@Test func subcommandsHaveBuiltinHelpButNoVersion() throws {
    let root = try #require(try dump()["command"] as? [String: Any])
    for command in commands(root) {
        let longs = options(command).compactMap { $0["long"] as? String }
        #expect(longs.last == "help", "\(command["name"] ?? "?")")
        #expect(!longs.contains("version"), "\(command["name"] ?? "?")")
    }
}

@Test func optionFieldsAreSerialized() throws {
    let root = try #require(try dump()["command"] as? [String: Any])
    let color = try #require(named("color", in: options(root), key: "long"))
    #expect(color["valueName"] as? String == "WHEN")
    #expect(color["default"] as? String == "auto")
    #expect(color["allowedValues"] as? [String] == ["auto", "always", "never"])
    #expect(color["global"] as? Bool == true)
    #expect(color["repeating"] as? Bool == false)
    #expect(color["short"] is NSNull)
    let colorCompletion = try #require(color["completion"] as? [String: Any])
    #expect(colorCompletion["kind"] as? String == "values")
    #expect(colorCompletion["values"] as? [String] == ["auto", "always", "never"])

    let file = try #require(named("file", in: options(root), key: "long"))
    #expect((file["completion"] as? [String: Any])?["kind"] as? String == "file")
    #expect(file["default"] is NSNull)
    #expect(file["allowedValues"] is NSNull)

    let new = try #require(named("new", in: commands(root)))
    let tag = try #require(named("tag", in: options(new), key: "long"))
    #expect(tag["repeating"] as? Bool == true)
    #expect(tag["short"] as? String == "t")
    #expect(tag["completion"] is NSNull)
    #expect(named("start", in: options(new), key: "long")?["default"] as? String == "0")

    let rm = try #require(named("rm", in: commands(root)))
    let force = try #require(named("force", in: options(rm), key: "long"))
    #expect(force["valueName"] is NSNull)
    #expect(force["short"] as? String == "f")
}

@Test func argumentsAndCompletionsAreSerialized() throws {
    let root = try #require(try dump()["command"] as? [String: Any])
    let inc = try #require(named("inc", in: commands(root)))
    let name = try #require((inc["arguments"] as? [[String: Any]])?.first)
    #expect(name["name"] as? String == "NAME")
    #expect(name["optional"] as? Bool == false)
    #expect(name["repeating"] as? Bool == false)
    let dynamic = try #require(name["completion"] as? [String: Any])
    #expect(dynamic["kind"] as? String == "dynamic")
    #expect(dynamic["command"] as? [String] == ["list", "--names"])

    let set = try #require(named("set", in: commands(root)))
    let token = try #require((set["arguments"] as? [[String: Any]])?.first)
    #expect(token["repeating"] as? Bool == true)

    let new = try #require(named("new", in: commands(root)))
    #expect((new["arguments"] as? [[String: Any]])?.first?["optional"] as? Bool == true)

    let importCommand = try #require(named("import", in: commands(root)))
    let file = try #require((importCommand["arguments"] as? [[String: Any]])?.first)
    #expect((file["completion"] as? [String: Any])?["kind"] as? String == "file")
}

@Test func completionKinds() {
    #expect(SpecJSON.completion(nil).serialized() == "null")
    #expect(SpecJSON.completion(.file).serialized() == #"{"kind":"file"}"#)
    #expect(SpecJSON.completion(.directory).serialized() == #"{"kind":"directory"}"#)
    #expect(SpecJSON.completion(.values(["a", "b"])).serialized() == #"{"kind":"values","values":["a","b"]}"#)
    #expect(SpecJSON.completion(.dynamic(["list", "--names"])).serialized() == #"{"kind":"dynamic","command":["list","--names"]}"#)
}

@Test func examplesEnvironmentAndExitStatusAreSerialized() throws {
    let root = try #require(try dump()["command"] as? [String: Any])
    let examples = try #require(root["examples"] as? [[String: Any]])
    #expect(examples.count == 2)
    #expect(examples.first?["command"] as? String == "tally new coffee --step 2")
    #expect(examples.first?["explanation"] as? String == "Create a counter called coffee that counts in twos.")
    let environment = try #require(root["environment"] as? [[String: Any]])
    #expect(environment.compactMap { $0["name"] as? String } == ["NO_COLOR", "TERM", "COLUMNS", "HOME"])
    let exitStatus = try #require(root["exitStatus"] as? [[String: Any]])
    #expect(exitStatus.compactMap { ($0["code"] as? NSNumber)?.intValue } == [0, 64, 65])
    #expect(exitStatus.last?["meaning"] as? String == ExitCode.dataError.meaning)
    #expect(root["files"] as? [Any] != nil)
    // A subcommand without them has empty arrays, not nulls.
    let inc = try #require(named("inc", in: commands(root)))
    #expect((inc["examples"] as? [Any])?.isEmpty == true)
    #expect(inc["discussion"] is NSNull)
}

/// Counts the reads of a spec's prose (a class: the spec's closures share it).
private final class ProseReads: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var reads: Int { lock.withLock { count } }
    func read(_ text: String) -> String {
        lock.withLock { count += 1 }
        return text
    }
}

/// A start parses argv without making any prose; help, the man page and the JSON make it,
/// the same each time.
@Test func parsingMakesNoProseAndHelpMakesItAlike() throws {
    let prose = ProseReads()
    let spec = CommandSpec(
        name: "tool", abstract: "A tool", discussion: prose.read("Long prose."),
        options: [.flag("force", short: "f", help: prose.read("Do it."), global: true)],
        subcommands: [CommandSpec(
            name: "add", abstract: "Add", discussion: prose.read("Adds."), arguments: [ArgumentSpec("N", help: prose.read("How many."))],
            examples: [ExampleSpec("tool add 2", prose.read("Adds two."))])],
        environment: [EnvironmentSpec("TOOL_FILE", prose.read("The file."))], files: [FileSpec("~/.tool", prose.read("Kept here."))],
        exitStatus: [ExitStatusSpec(.ok)], security: prose.read("Mode 0600."))
    #expect(try ArgumentParser(spec: spec).parse(["add", "2", "-f"]) != nil)
    #expect(prose.reads == 0, "parsing read the prose")
    let help = HelpRenderer(root: spec, width: 80).help([])
    #expect(help.contains("Long prose.") && help.contains("Do it."))
    #expect(HelpRenderer(root: spec, width: 80).help([]) == help)
    let document = SpecJSON.document(for: spec, toolVersion: "1").serialized(pretty: true)
    for text in ["Long prose.", "Adds two.", "The file.", "Kept here.", "Mode 0600.", "How many."] {
        #expect(document.contains(text), "\(text)")
    }
    #expect(prose.reads > 0)
    #expect(spec == spec, "equal when every field reads the same")
}

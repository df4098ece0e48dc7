// libFuzzer harness for the argument parser: the input, split on NUL or newline bytes, is
// an argv (without the program name) for ArgumentParser(spec:).parse; then HelpRenderer
// renders help for the parsed (or error) command path and CompletionEngine completes the
// same words. Built by Tests/Fuzz/run.sh against MoneyKitCLI and the targets below it
// (compiled there with the fuzzer's instrumentation), with the sample spec of the unit
// tests (Tests/MoneyKitCLITests/SampleSpec.swift).

import MoneyKitCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words: [String] = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: 0x00, omittingEmptySubsequences: false) }
        .map { String(decoding: $0, as: UTF8.self) }
    let argv = size == 0 ? [] : words

    var path: [String] = []
    do {
        switch try SampleSpec.parser.parse(argv) {
        case .run(let parsed):
            path = parsed.commandPath
            // Typed accessors must not trap on any value.
            for (name, _) in parsed.optionValues {
                _ = parsed.value(name)
                _ = try? parsed.integer(name)
                _ = try? parsed.integer(name, in: 0...100)
            }
            for (name, _) in parsed.argumentValues {
                _ = parsed.argument(name)
                _ = try? parsed.integerArgument(name, in: -5...5)
            }
            if SampleSpec.root.descendant(at: path) == nil {
                fatalError("parse gave a command path \(path) that is not in the spec for \(argv.debugDescription)")
            }
        case .help(let commandPath):
            path = commandPath
            if SampleSpec.root.descendant(at: path) == nil {
                fatalError("parse asked for help on \(path), not in the spec, for \(argv.debugDescription)")
            }
        case .version, .dumpHelp:
            break
        }
    } catch {
        _ = error.message
        _ = error.hint
        path = error.usageCommandPath ?? []
    }

    let width = 40 + size % 81
    let renderer = HelpRenderer(root: SampleSpec.root, width: width)
    _ = renderer.help(path)
    _ = renderer.usage(path)
    _ = CompletionEngine(spec: SampleSpec.root).complete(argv.isEmpty ? [""] : argv)
    return 0
}

// A sample spec shaped like a counter tool (a copy of Tests/MoneyKitCLITests/SampleSpec.swift).

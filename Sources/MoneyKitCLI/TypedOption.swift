// Options read by value, not by string: a typed option carries its spec (so its default is
// spelled once, in the spec, and shown by --help and the man page from there) and how its
// text becomes a value, with errors that name the option.

/// An option whose value is read as `Value`.
package struct TypedOption<Value>: Sendable {
    /// The option as the spec lists it; put `spec` in the command's options.
    package let spec: OptionSpec
    let read: @Sendable (String, ParsedArguments) throws(CLIError) -> Value

    package init(_ spec: OptionSpec, read: @escaping @Sendable (String, ParsedArguments) throws(CLIError) -> Value) {
        self.spec = spec
        self.read = read
    }
}

extension TypedOption where Value == String {
    /// An option whose value is its text.
    package init(_ spec: OptionSpec) {
        self.init(spec) { text, _ throws(CLIError) in text }
    }
}

extension TypedOption where Value == Int64 {
    /// An option holding a whole number in `range`.
    package static func integer(_ spec: OptionSpec, in range: ClosedRange<Int64>? = nil) -> TypedOption {
        TypedOption(spec) { text, arguments throws(CLIError) in
            try ParsedArguments.integer(text, named: "--\(spec.long)", in: range, commandPath: arguments.commandPath)
        }
    }
}

extension TypedOption where Value: RawRepresentable & Sendable, Value.RawValue == String {
    /// An option naming one case of `Value` (the spec's allowed values keep the parser
    /// from passing anything else; an unknown word is still a usage error here).
    package static func choice(_ spec: OptionSpec) -> TypedOption {
        TypedOption(spec) { text, arguments throws(CLIError) in
            guard let value = Value(rawValue: text) else {
                throw CLIError.usage("invalid value '\(text)' for --\(spec.long)", commandPath: arguments.commandPath)
            }
            return value
        }
    }
}

extension ParsedArguments {
    /// The option's value as given, else its spec's default, else nil.
    package func text(_ option: OptionSpec) -> String? {
        value(option.long) ?? option.defaultValue
    }

    /// The typed value of `option`: as given, else its spec's default, else nil.
    package func value<Value>(_ option: TypedOption<Value>) throws(CLIError) -> Value? {
        guard let text = text(option.spec) else { return nil }
        return try option.read(text, self)
    }

    /// Whether the flag was given.
    package func flag(_ option: OptionSpec) -> Bool {
        flag(option.long)
    }
}

// The name a counter gets when none is given: "New Counter N", N the smallest from 1 up
// whose name is free. A name is taken when an existing counter has it exactly or in
// another letter case ("new counter 2" takes 2). Only the plain form counts: "New Counter
// 01" and a bare "New Counter" take no number.

/// The default name of a counter created without one.
public enum CounterNaming {
    /// What every default name starts with.
    public static let prefix = "New Counter "

    /// "New Counter N", N the smallest from 1 up that none of `names` takes.
    public static func nextDefaultName(existing names: [String]) -> String {
        let taken = Set(names.compactMap(number(in:)))
        var candidate = 1
        while taken.contains(candidate) { candidate += 1 }
        return prefix + String(candidate)
    }

    /// N when `name` is "New Counter N" (any case), N written without leading zeros.
    public static func number(in name: String) -> Int? {
        guard name.count > prefix.count, name.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
        let digits = name.dropFirst(prefix.count)
        guard let first = digits.first, first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            digits.count <= 18
        else { return nil }
        return Int(digits)
    }
}

// The start-up floor of a tool that shows money to people (issue 28): a Swift program with
// the runtime linked statically that formats one amount through ICU, as MoneyKitFormatting
// does (Foundation's Decimal currency format style), and prints it. tillcount add,
// tillcount show and portfolio list are measured against it.
//
//   swiftc -O -static-stdlib -Xlinker -z -Xlinker now Tests/Benchmarks/floor/icu-hello.swift -o icu-hello
internal import FoundationEssentials
internal import FoundationInternationalization

let style = Decimal.FormatStyle.Currency(code: "USD", locale: Locale(identifier: "en_US"))
print(style.format(Decimal(1234.5)))

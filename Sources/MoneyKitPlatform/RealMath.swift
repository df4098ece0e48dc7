// The C library's exponential and logarithm for the kits that need a rate (portfolio's
// returns), so that no kit imports the C library itself.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// At file scope the names are the C library's.
private func libcExp(_ x: Double) -> Double { exp(x) }
private func libcLog1p(_ x: Double) -> Double { log1p(x) }
private func libcExpm1(_ x: Double) -> Double { expm1(x) }

/// e^x and ln(1 + x) from the C library, for rates (never for money).
public enum RealMath {
    /// e raised to `x`.
    public static func exp(_ x: Double) -> Double { libcExp(x) }

    /// ln(1 + x), exact for small x.
    public static func log1p(_ x: Double) -> Double { libcLog1p(x) }

    /// e^x − 1, exact for small x.
    public static func expm1(_ x: Double) -> Double { libcExpm1(x) }
}

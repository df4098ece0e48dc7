// One search of a sorted collection, shared by the tables and time series that keep their
// items in order (currencies by code, rates and values by instant), so that the halving
// loop is written once.

extension RandomAccessCollection {
    /// The index of the first element for which `isAfter` holds, in a collection where it
    /// holds for a suffix only (every element after one it holds for): `endIndex` when it
    /// holds for none. Found by halving, in log₂(count) steps.
    package func partitionPoint(where isAfter: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var high = endIndex
        while low != high {
            let middle = index(low, offsetBy: distance(from: low, to: high) / 2)
            if try isAfter(self[middle]) { high = middle } else { low = index(after: middle) }
        }
        return low
    }
}

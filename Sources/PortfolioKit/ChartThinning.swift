// Fewer points for a drawing, with the same picture: within one pixel column a line can
// only show where it enters, how low and how high it goes, and where it leaves. So of the
// points falling in each column, the first, the lowest, the highest and the last are kept
// (in time order) and the rest dropped. No minimum or maximum is lost; 100,000 points
// become at most four per pixel column.

/// Fewer points for a drawing with the same picture (the first, lowest, highest and last per column).
public enum ChartThinning {
    /// `points` (in time order) thinned to at most four per column, where `column` gives
    /// each point's pixel column (not decreasing with time).
    public static func thinned(_ points: [SeriesPoint], column: (SeriesPoint) -> Int) -> [SeriesPoint] {
        var kept: [SeriesPoint] = []
        var start = 0
        while start < points.count {
            let bucket = column(points[start])
            var end = start + 1
            var lowest = start, highest = start
            while end < points.count, column(points[end]) == bucket {
                if points[end].value < points[lowest].value { lowest = end }
                if points[end].value > points[highest].value { highest = end }
                end += 1
            }
            for index in Set([start, lowest, highest, end - 1]).sorted() { kept.append(points[index]) }
            start = end
        }
        return kept
    }
}

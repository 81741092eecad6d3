import ScanCore

/// Local mean and standard deviation of a gray image over a (2r+1)² window clipped at the borders,
/// by running column sums: O(1) per pixel whatever the radius, one row of state per thread.
enum BoxStatistics {
    /// Calls `body(y, mean, deviation)` for every row (or every `rowStep`-th row), from several
    /// threads, with the row's local means and standard deviations (gray levels). `body` must only
    /// write state of its own row.
    static func forEachRow(
        of image: Image<Gray8>, radius: Int, threads: Int?, rowStep: Int = 1,
        _ body: @Sendable (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Void
    ) {
        let width = image.width, height = image.height
        image.withUnsafeBytes { bytes in
            let source = UnsafeSendable(bytes)
            Parallel.forEachChunk(of: height, threads: threads, minimumChunk: 32) { rows in
                let pixels = source.value.baseAddress!
                var columnSum = [Int](repeating: 0, count: width)
                var columnSquares = [Int](repeating: 0, count: width)
                var prefixSum = [Int](repeating: 0, count: width + 1)
                var prefixSquares = [Int](repeating: 0, count: width + 1)
                var mean = [Float](repeating: 0, count: width)
                var deviation = [Float](repeating: 0, count: width)
                columnSum.withUnsafeMutableBufferPointer { sum in
                columnSquares.withUnsafeMutableBufferPointer { squares in
                prefixSum.withUnsafeMutableBufferPointer { pSum in
                prefixSquares.withUnsafeMutableBufferPointer { pSquares in
                mean.withUnsafeMutableBufferPointer { mean in
                deviation.withUnsafeMutableBufferPointer { deviation in
                    @inline(__always) func add(row y: Int, sign: Int) {
                        let line = pixels + y * width
                        for x in 0..<width {
                            let v = Int(line[x])
                            sum[x] += sign * v
                            squares[x] += sign * v * v
                        }
                    }
                    for y in rows {
                        if y == rows.lowerBound {
                            for r in max(0, y - radius)...min(height - 1, y + radius) { add(row: r, sign: 1) }
                        } else {
                            if y + radius < height { add(row: y + radius, sign: 1) }
                            if y - radius - 1 >= 0 { add(row: y - radius - 1, sign: -1) }
                        }
                        if rowStep > 1 && y % rowStep != 0 { continue }
                        let rowCount = min(height - 1, y + radius) - max(0, y - radius) + 1
                        for x in 0..<width {
                            pSum[x + 1] = pSum[x] + sum[x]
                            pSquares[x + 1] = pSquares[x] + squares[x]
                        }
                        for x in 0..<width {
                            let lo = max(0, x - radius), hi = min(width - 1, x + radius)
                            let count = Double(rowCount * (hi - lo + 1))
                            let s = Double(pSum[hi + 1] - pSum[lo]), q = Double(pSquares[hi + 1] - pSquares[lo])
                            let m = s / count
                            mean[x] = Float(m)
                            deviation[x] = Float(max(0, q / count - m * m).squareRoot())
                        }
                        body(y, UnsafeBufferPointer(mean), UnsafeBufferPointer(deviation))
                    }
                }}}}}}
            }
        }
    }
}

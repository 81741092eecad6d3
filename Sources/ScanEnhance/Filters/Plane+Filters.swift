// Separable rank and box filters on small planes. Every filter is O(1) per pixel whatever its
// radius (van Herk / Gil–Werman for max and min, running sums for the box), because the
// coarse paper estimate uses radii of a hundred pixels.

extension Plane {
    /// Grey-level dilation: each value becomes the maximum over a (2r+1)² square, clamped at the borders.
    func dilated(radius: Int) -> Plane { rankFiltered(radius: radius, takeMaximum: true) }

    /// Grey-level erosion: each value becomes the minimum over a (2r+1)² square.
    func eroded(radius: Int) -> Plane { rankFiltered(radius: radius, takeMaximum: false) }

    /// Morphological closing (dilation then erosion): removes dark features narrower than 2r+1
    /// and keeps the position of broad bright-dark edges such as shadow borders.
    func closed(radius: Int) -> Plane { dilated(radius: radius).eroded(radius: radius) }

    /// Box blur over a (2r+1)² square with the window clipped at the borders.
    func boxBlurred(radius: Int) -> Plane {
        guard radius > 0 else { return self }
        var out = self
        out.filterRows { line, scratch in Plane.boxLine(line, scratch, radius) }
        out.filterColumns { line, scratch in Plane.boxLine(line, scratch, radius) }
        return out
    }

    private func rankFiltered(radius: Int, takeMaximum: Bool) -> Plane {
        guard radius > 0 else { return self }
        var out = self
        out.filterRows { line, scratch in Plane.rankLine(line, scratch, radius, takeMaximum) }
        out.filterColumns { line, scratch in Plane.rankLine(line, scratch, radius, takeMaximum) }
        return out
    }

    /// Applies `kernel` in place to every row; `scratch` holds 3 × the row length.
    private mutating func filterRows(_ kernel: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) -> Void) {
        let w = width
        var scratch = [Float](repeating: 0, count: 3 * w + 2)
        values.withUnsafeMutableBufferPointer { all in
            scratch.withUnsafeMutableBufferPointer { s in
                for y in 0..<height {
                    kernel(UnsafeMutableBufferPointer(rebasing: all[(y * w)..<(y * w + w)]), s)
                }
            }
        }
    }

    /// Applies `kernel` to every column through a contiguous copy.
    private mutating func filterColumns(_ kernel: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) -> Void) {
        let w = width, h = height
        var line = [Float](repeating: 0, count: h)
        var scratch = [Float](repeating: 0, count: 3 * h + 2)
        values.withUnsafeMutableBufferPointer { all in
            line.withUnsafeMutableBufferPointer { l in
                scratch.withUnsafeMutableBufferPointer { s in
                    for x in 0..<w {
                        for y in 0..<h { l[y] = all[y * w + x] }
                        kernel(l, s)
                        for y in 0..<h { all[y * w + x] = l[y] }
                    }
                }
            }
        }
    }

    /// Running max/min over a window of 2r+1 with the window clipped at both ends
    /// (van Herk / Gil–Werman: prefix and suffix extrema inside blocks of 2r+1).
    static func rankLine(_ line: UnsafeMutableBufferPointer<Float>, _ scratch: UnsafeMutableBufferPointer<Float>, _ radius: Int, _ takeMaximum: Bool) {
        let n = line.count
        guard n > 1 else { return }
        let block = 2 * radius + 1
        let prefix = scratch.baseAddress!, suffix = scratch.baseAddress! + n
        @inline(__always) func pick(_ a: Float, _ b: Float) -> Float { takeMaximum ? max(a, b) : min(a, b) }
        var start = 0
        while start < n {
            let end = min(start + block, n)
            prefix[start] = line[start]
            var i = start + 1
            while i < end { prefix[i] = pick(prefix[i - 1], line[i]); i += 1 }
            suffix[end - 1] = line[end - 1]
            i = end - 2
            while i >= start { suffix[i] = pick(suffix[i + 1], line[i]); i -= 1 }
            start = end
        }
        let result = scratch.baseAddress! + 2 * n
        for x in 0..<n {
            let lo = max(0, x - radius), hi = min(n - 1, x + radius)
            // [lo, hi] spans at most two blocks: suffix of lo's block and prefix of hi's block.
            if lo / block == hi / block {
                // A window inside one block starts at the block's start or is clipped by the
                // line's end, which is also its block's end.
                result[x] = lo % block == 0 ? prefix[hi] : suffix[lo]
            } else {
                result[x] = pick(suffix[lo], prefix[hi])
            }
        }
        for x in 0..<n { line[x] = result[x] }
    }

    /// Mean over a window of 2r+1 clipped at both ends, by a running sum.
    static func boxLine(_ line: UnsafeMutableBufferPointer<Float>, _ scratch: UnsafeMutableBufferPointer<Float>, _ radius: Int) {
        let n = line.count
        guard n > 1 else { return }
        let cumulative = scratch.baseAddress!
        cumulative[0] = 0
        var running: Float = 0
        for i in 0..<n { running += line[i]; cumulative[i + 1] = running }
        for x in 0..<n {
            let lo = max(0, x - radius), hi = min(n - 1, x + radius)
            line[x] = (cumulative[hi + 1] - cumulative[lo]) / Float(hi - lo + 1)
        }
    }
}

/// Thin, connected edges of the working image: non-maximum suppression across the gradient
/// direction, then hysteresis with thresholds relative to the image's own gradient statistics.
struct EdgeMap {
    let width: Int
    let height: Int
    /// 1 where a pixel is an edge, 0 elsewhere; row-major.
    var isEdge: [UInt8]
    /// Indices (y * width + x) of the edge pixels.
    var pixels: [Int32]
    /// The high hysteresis threshold that was used, in Sobel units.
    let highThreshold: Float

    init(gradient: GradientField, minimumContrast: Double, noiseMultiple: Double, lowRatio: Double) {
        let w = gradient.width, h = gradient.height, count = w * h
        width = w
        height = h
        // Typical gradient of the image (median), as the noise and texture floor.
        let median = EdgeMap.median(of: gradient.magnitude)
        let high = max(Float(4 * minimumContrast), Float(noiseMultiple) * median)
        let low = high * Float(lowRatio)
        highThreshold = high
        var state = [UInt8](repeating: 0, count: count)  // 0 none, 1 candidate, 2 edge
        var stack: [Int32] = []
        stack.reserveCapacity(4096)
        var edgesFound: [Int32] = []
        edgesFound.reserveCapacity(8192)
        if w >= 3 && h >= 3 {
            gradient.gx.withUnsafeBufferPointer { gxp in
                gradient.gy.withUnsafeBufferPointer { gyp in
                    gradient.magnitude.withUnsafeBufferPointer { mp in
                        state.withUnsafeMutableBufferPointer { sp in
                            // tan(22.5°) and tan(67.5°) split directions into four sectors.
                            let t1: Float = 0.41421356, t2: Float = 2.4142135
                            for y in 1..<(h - 1) {
                                for x in 1..<(w - 1) {
                                    let i = y * w + x
                                    let m = mp[i]
                                    if m < low { continue }
                                    let ax = abs(gxp[i]), ay = abs(gyp[i])
                                    let n1: Float, n2: Float
                                    if ay <= t1 * ax {
                                        n1 = mp[i - 1]; n2 = mp[i + 1]
                                    } else if ay >= t2 * ax {
                                        n1 = mp[i - w]; n2 = mp[i + w]
                                    } else if (gxp[i] > 0) == (gyp[i] > 0) {
                                        n1 = mp[i - w - 1]; n2 = mp[i + w + 1]
                                    } else {
                                        n1 = mp[i - w + 1]; n2 = mp[i + w - 1]
                                    }
                                    // Ties broken one way so plateaus keep one pixel.
                                    if m > n1 && m >= n2 {
                                        if m >= high {
                                            sp[i] = 2
                                            stack.append(Int32(i))
                                        } else {
                                            sp[i] = 1
                                        }
                                    }
                                }
                            }
                            // Grow strong edges into connected candidates.
                            let neighbours = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
                            while let top = stack.popLast() {
                                edgesFound.append(top)
                                let i = Int(top)
                                for o in neighbours where sp[i + o] == 1 {
                                    sp[i + o] = 2
                                    stack.append(Int32(i + o))
                                }
                            }
                            for i in 0..<count { sp[i] = sp[i] == 2 ? 1 : 0 }
                        }
                    }
                }
            }
        }
        isEdge = state
        pixels = edgesFound
    }

    /// Median of the non-negative values, from a 1-unit histogram (values above 1023 share the
    /// top bin, which only matters for images that are nearly all edges).
    static func median(of values: [Float]) -> Float {
        var histogram = [Int](repeating: 0, count: 1024)
        values.withUnsafeBufferPointer { v in
            for m in v { histogram[min(1023, Int(m))] += 1 }
        }
        var seen = 0
        for (bin, n) in histogram.enumerated() {
            seen += n
            if seen * 2 >= values.count { return Float(bin) + 0.5 }
        }
        return 1023
    }
}

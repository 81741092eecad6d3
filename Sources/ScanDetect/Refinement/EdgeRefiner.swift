import ScanCore

/// Sub-pixel refinement of a quad on the full-resolution image: each side's edge is located to
/// a fraction of a pixel on many short profiles across it, a line is fitted to those points
/// robustly, and neighbouring lines are intersected for the corners.
struct EdgeRefiner {
    /// Half-width of the band searched across each side, in full-resolution pixels.
    let band: Double
    /// Profiles per side are spaced about this far apart (full-resolution pixels).
    let spacing: Double

    /// The refined quad (same corner order), or the input corners for sides with too little
    /// evidence.
    func refine(_ corners: [Point], in image: Image<RGB8>) -> [Point] {
        var lines: [FittedLine?] = []
        for k in 0..<4 {
            lines.append(fitSide(from: corners[k], to: corners[(k + 1) % 4], in: image))
        }
        var result = corners
        for k in 0..<4 {
            // Corner k joins side k − 1 and side k.
            let before = lines[(k + 3) % 4] ?? FittedLine(through: corners[(k + 3) % 4], and: corners[k])
            let after = lines[k] ?? FittedLine(through: corners[k], and: corners[(k + 1) % 4])
            if let p = before.intersection(with: after), p.distance(to: corners[k]) <= 4 * band {
                result[k] = p
            }
        }
        return result
    }

    /// The robust line through the edge points found across one side, or nil with too few.
    func fitSide(from p: Point, to q: Point, in image: Image<RGB8>) -> FittedLine? {
        let length = p.distance(to: q)
        guard length > 4 * band else { return nil }
        let u = (q - p) / length
        let inward = Point(-u.y, u.x)
        let w = image.width, h = image.height
        let count = max(8, min(120, Int(length / spacing)))
        let reach = Int(band.rounded(.up)) + 1
        var points: [Point] = []
        points.reserveCapacity(count)
        image.withUnsafeBytes { bytes in
            let sampler = BilinearSampler(bytes: bytes, width: w, height: h)
            // Colour direction that best separates inside from outside along this side.
            var inside = (0.0, 0.0, 0.0), outside = (0.0, 0.0, 0.0)
            for i in 0..<count {
                let base = p + u * (length * (0.1 + 0.8 * (Double(i) + 0.5) / Double(count)))
                let a = sampler.rgb(at: base + inward * Double(reach)), b = sampler.rgb(at: base - inward * Double(reach))
                inside.0 += a.0; inside.1 += a.1; inside.2 += a.2
                outside.0 += b.0; outside.1 += b.1; outside.2 += b.2
            }
            var c = (inside.0 - outside.0, inside.1 - outside.1, inside.2 - outside.2)
            let norm = (c.0 * c.0 + c.1 * c.1 + c.2 * c.2).squareRoot()
            if norm < 1e-6 * Double(count) {
                c = (1, 1, 1)
            } else {
                c = (c.0 / norm, c.1 / norm, c.2 / norm)
            }
            let sampleCount = 2 * reach + 1
            var values = [Double](repeating: 0, count: sampleCount)
            for i in 0..<count {
                let base = p + u * (length * (0.05 + 0.9 * (Double(i) + 0.5) / Double(count)))
                if base.x < Double(reach) || base.y < Double(reach) || base.x > Double(w - reach) || base.y > Double(h - reach) { continue }
                for s in 0..<sampleCount {
                    let v = sampler.rgb(at: base + inward * Double(s - reach))
                    values[s] = c.0 * v.0 + c.1 * v.1 + c.2 * v.2
                }
                // Central differences; the edge is the strongest rise towards the inside.
                var bestIndex = -1, bestValue = 0.0
                for s in 1..<(sampleCount - 1) {
                    let d = values[s + 1] - values[s - 1]
                    if d > bestValue { bestValue = d; bestIndex = s }
                }
                if bestIndex < 2 || bestIndex > sampleCount - 3 { continue }
                let dm = values[bestIndex] - values[bestIndex - 2]
                let dp = values[bestIndex + 2] - values[bestIndex]
                let curvature = dm - 2 * bestValue + dp
                let offset = curvature < 0 ? 0.5 * (dm - dp) / curvature : 0
                points.append(base + inward * (Double(bestIndex - reach) + max(-0.5, min(0.5, offset))))
            }
        }
        guard points.count >= 5 else { return nil }
        return FittedLine.robustFit(points)
    }
}

/// Bilinear sampling of an RGB8 buffer at corner-origin coordinates (pixel centres at +0.5).
struct BilinearSampler {
    let width: Int
    let height: Int
    /// The image's first byte: every tap is clamped into the image, so the reads go unchecked.
    private let base: UnsafePointer<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        precondition(bytes.count >= width * height * 3 && width > 0 && height > 0, "sampler: buffer smaller than the image")
        self.width = width
        self.height = height
        base = bytes.baseAddress!
    }

    func rgb(at point: Point) -> (Double, Double, Double) {
        let u = min(max(point.x - 0.5, 0), Double(width - 1)), v = min(max(point.y - 0.5, 0), Double(height - 1))
        let x0 = min(Int(u), width - 2 < 0 ? 0 : width - 2), y0 = min(Int(v), height - 2 < 0 ? 0 : height - 2)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = u - Double(x0), fy = v - Double(y0)
        let i00 = (y0 * width + x0) * 3, i10 = (y0 * width + x1) * 3
        let i01 = (y1 * width + x0) * 3, i11 = (y1 * width + x1) * 3
        func channel(_ o: Int) -> Double {
            let top = Double(base[i00 + o]) * (1 - fx) + Double(base[i10 + o]) * fx
            let bottom = Double(base[i01 + o]) * (1 - fx) + Double(base[i11 + o]) * fx
            return top * (1 - fy) + bottom * fy
        }
        return (channel(0), channel(1), channel(2))
    }
}

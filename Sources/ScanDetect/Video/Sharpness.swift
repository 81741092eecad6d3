import ScanCore

/// How crisp a frame is, from 0 (blurred) to 1 (sharp), for the stabiliser's blur gate.
///
/// The measure compares the frame with a copy blurred by a `probeLength`-pixel box, the
/// "blur the blur" idea (Crété-Roffet et al., 2007): re-blurring a sharp frame flattens its
/// neighbour differences a lot, re-blurring an already blurred one changes little. Per direction,
///
///     sharpness = Σ max(0, |I(p+1) − I(p)| − |B(p+1) − B(p)|) / Σ |I(p+1) − I(p)|
///
/// where B is the box-blurred copy, and the result is the smaller of the horizontal and vertical
/// values, so motion blur along either axis shows. An edge spread over w pixels scores about
/// 1 − w / `probeLength`: ≈ 0.9 for a crisp step, 0 from a `probeLength`-pixel smear on. The
/// ratio does not depend on contrast or exposure; noise in flat areas reads as a little sharpness.
///
/// Resolution independence comes from measuring at a fixed working size: the frame is first
/// area-averaged down so that its long side is at most `workingLongSide`, so the same scene at
/// 1080p or 4K scores the same. Frames already smaller are measured as they are.
public enum Sharpness {
    /// Long side, in pixels, that frames are reduced to before measuring. Higher: detects finer
    /// blur (a 2-pixel smear at 4K vanishes at 512), slower; lower: faster, only coarse blur seen.
    public static let workingLongSide = 512
    /// Length of the box used for the re-blurred copy, in working pixels. Edges wider than this
    /// all score 0; longer probes spread the scale over wider blur but need bigger textured areas.
    public static let probeLength = 9

    /// Measures the sharpness of `image`, over the whole frame or inside a page.
    /// - Parameters:
    ///   - image: the frame.
    ///   - quad: when given, only pixel pairs inside this quad (in `image`'s pixel coordinates,
    ///     convex) count; when nil, the whole frame.
    ///   - workingLongSide: long side the frame is reduced to first (never enlarged).
    /// - Returns: sharpness in [0, 1]; 0 when the region has no texture at all (a blank frame, a
    ///   quad outside the frame, or a region narrower than `probeLength` + 1 pixels).
    public static func measure(_ image: Image<Gray8>, in quad: Quad? = nil, workingLongSide: Int = workingLongSide) -> Double {
        let (small, scale) = image.downscaled(toLongSide: max(workingLongSide, probeLength + 1))
        let spans = rowSpans(width: small.width, height: small.height, quad: quad?.scaled(by: 1 / scale))
        let sums = small.withUnsafeBytes { pixels in
            (horizontal: horizontalSums(pixels, width: small.width, spans: spans),
             vertical: verticalSums(pixels, width: small.width, spans: spans))
        }
        let scores = [sums.horizontal, sums.vertical].compactMap { sum in
            sum.difference > 0 ? Double(sum.lost) / Double(sum.difference) : nil
        }
        return scores.min() ?? 0
    }

    // MARK: - Kernels

    // At the working size one pass takes about a millisecond, so the kernels run on one thread;
    // the downscale before them is the parallel part.

    /// Sums, scaled by `probeLength`, of the neighbour differences and of what blurring removed.
    private typealias Sums = (difference: Int, lost: Int)

    /// Differences along rows, for each run of pixels whose probe window lies inside the span.
    private static func horizontalSums(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, spans: [Span]) -> Sums {
        let before = probeLength / 2, after = probeLength - before
        var sums: Sums = (0, 0)
        for (y, span) in spans.enumerated() where span.last - span.first >= probeLength {
            let row = y * width
            for x in (span.first + before)...(span.last - after) {
                let p = row + x
                let difference = probeLength * abs(Int(pixels[p + 1]) - Int(pixels[p]))
                // B(x+1) − B(x) of the centred box is (I(x+after) − I(x−before)) / probeLength.
                let blurred = abs(Int(pixels[p + after]) - Int(pixels[p - before]))
                sums.difference += difference
                sums.lost += max(0, difference - blurred)
            }
        }
        return sums
    }

    /// Differences down columns, for pixels whose probe window's end rows both cover them (so, the
    /// region being convex, every row in between does too).
    private static func verticalSums(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, spans: [Span]) -> Sums {
        let before = probeLength / 2, after = probeLength - before
        var sums: Sums = (0, 0)
        guard spans.count > probeLength else { return sums }
        for y in before..<(spans.count - after) {
            let first = max(spans[y - before].first, spans[y + after].first)
            let last = min(spans[y - before].last, spans[y + after].last)
            guard first <= last else { continue }
            for x in first...last {
                let p = y * width + x
                let difference = probeLength * abs(Int(pixels[p + width]) - Int(pixels[p]))
                let blurred = abs(Int(pixels[p + after * width]) - Int(pixels[p - before * width]))
                sums.difference += difference
                sums.lost += max(0, difference - blurred)
            }
        }
        return sums
    }

    // MARK: - Region

    /// The columns `first...last` of one row whose pixel centres lie inside the region; empty when
    /// `last < first`.
    private struct Span {
        var first: Int
        var last: Int
    }

    /// One span per row: the whole row without a quad, else where the row's centre line crosses
    /// the convex quad.
    private static func rowSpans(width: Int, height: Int, quad: Quad?) -> [Span] {
        guard let quad else { return Array(repeating: Span(first: 0, last: width - 1), count: height) }
        let corners = quad.corners
        return (0..<height).map { y in
            let centre = Double(y) + 0.5
            var low = Double.infinity, high = -Double.infinity
            for i in 0..<4 {
                let a = corners[i], b = corners[(i + 1) % 4]
                guard min(a.y, b.y) <= centre, centre <= max(a.y, b.y), a.y != b.y else { continue }
                let x = a.x + (centre - a.y) * (b.x - a.x) / (b.y - a.y)
                low = min(low, x)
                high = max(high, x)
            }
            guard low <= high else { return Span(first: 0, last: -1) }
            // Pixel x is inside when its centre x + 0.5 lies in [low, high]; clamping in Double
            // first keeps corners far outside the frame from overflowing Int.
            let first = Int(min(max(0, (low - 0.5).rounded(.up)), Double(width)))
            let last = Int(min(max(-1, (high - 0.5).rounded(.down)), Double(width - 1)))
            return Span(first: first, last: max(first - 1, last))
        }
    }
}

import ScanCore

/// Whether an outline is a coloured ID-1 card (ISO/IEC 7810: 85.60 × 53.98 mm; identity, bank and
/// membership cards): seen whole, with a card's proportions once the perspective is taken out, and
/// a colourful margin.
///
/// Paper is among the lightest surfaces on a desk, and the detector's cues that tell a page from
/// clutter say so; a card, though, may be dark red or navy. Such an outline is exempt from the
/// lightness cues. Both other conditions are needed: screens and tablets come in a card's
/// proportions too (16:10 differs by 0.9 %), but they are black or grey; and a dark region merely
/// closed by the frame has no proportions to judge.
struct CardShape {
    /// Long-to-short side ratio of an ID-1 card.
    static let ratio = 85.60 / 53.98

    /// Largest relative difference from `ratio` of an outline that counts as a card: the corners
    /// of a card about 100 working pixels long are found to about a pixel, and the focal length
    /// is assumed when the view does not fix it. Higher: more cards found, more rectangles of
    /// other shapes taken for cards (phones and A-series sheets differ by over 10 %).
    static let tolerance = 0.05

    /// Smallest margin colourfulness (`marginColourfulness`, max − min over R, G, B, in grey
    /// levels), halfway between the two populations in the generator's photos: dark cards read
    /// 29–190 and tinted black screens 0–19 by the median of the whole margin. A black band along
    /// one side takes most of some deep navy cards' margin, which the second most colourful side
    /// reads past: of the 169 whole cards in the benchmark set and seeds 7, 8, 10, 12 and 13, 143
    /// reach this (light cards, which are paper, need not) against 136 by the whole margin's
    /// median, none lost. Lower: dark grey cards found, tinted screens too.
    static let minimumColourfulness: Float = 25

    /// The working image.
    let planes: ColorPlanes
    /// The estimator, with a phone's focal length where the view does not fix it.
    let estimator = AspectRatioEstimator()

    /// True when the quad (working coordinates, clockwise from the top-left) lies wholly in the
    /// frame, has a card's proportions and a colourful margin.
    func matches(x: SIMD4<Double>, y: SIMD4<Double>) -> Bool {
        let w = Double(planes.width), h = Double(planes.height)
        guard x.min() >= 0, y.min() >= 0, x.max() <= w, y.max() <= h,
              let quad = try? Quad(corners: (0..<4).map { Point(x[$0], y[$0]) })
        else { return false }
        let ratio = estimator.estimate(quad.ordered(), imageSize: Size(width: w, height: h)).aspectRatio
        let long = max(ratio, 1 / ratio)
        return abs(long / Self.ratio - 1) <= Self.tolerance && marginColourfulness(x: x, y: y) >= Self.minimumColourfulness
    }

    /// The second highest of the four sides' median colourfulness over their margin pixels: a
    /// card's colour shows along most of its sides, though a black band may run along one and a
    /// finger may cover another, while a screen's bezel is grey on all four.
    func marginColourfulness(x: SIMD4<Double>, y: SIMD4<Double>) -> Float {
        var medians: [Float] = []
        var values: [Float] = []
        for k in 0..<4 {
            let p = (x: x[k], y: y[k]), q = (x: x[(k + 1) % 4], y: y[(k + 1) % 4])
            let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            guard length > 4 else { continue }
            values.removeAll(keepingCapacity: true)
            planes.forEachMarginPixel(from: p, direction: ((q.x - p.x) / length, (q.y - p.y) / length), length: length) { j in
                let r = planes.red[j], g = planes.green[j], b = planes.blue[j]
                values.append(max(r, g, b) - min(r, g, b))
            }
            guard !values.isEmpty else { continue }
            values.select(values.count / 2)
            medians.append(values[values.count / 2])
        }
        guard medians.count >= 2 else { return 0 }
        return medians.sorted(by: >)[1]
    }
}

import ScanCore

/// An outline may stop short of its page at a side found on print: a ruled line, the edge of a
/// table or a block of text, a fold. The paper then goes on past that side up to the page's own
/// edge, beyond which the desk begins, and the neighbouring sides run on across the strip. Such a
/// side is moved out to that edge. It may also stop at the edge of a shadow cast across the
/// page, or at a fold beyond which the paper faces away from the light: the paper then goes on
/// in shade (`isPaperInShade`), evenly dimmed. A plain grey desk beside the page looks the same,
/// so shade is taken for paper only where both neighbouring sides run on across the strip (or
/// one does and the other lies on the frame's border).
extension PageEvidence {
    /// Largest angle (degrees) between the side and the page's edge beyond it: the two are
    /// parallel on the page, and converge in perspective the more the wider the strip.
    static let paperSideTurn = 8.0
    /// Lines along which the strip between the side and the page's edge is sampled.
    static let stripRows = 8
    /// Distances (working pixels) beyond the page's edge at which no paper may lie: the desk
    /// there, not the gap after a line of text, which print at the working size (a line every 4–8
    /// working pixels) would show at one of them.
    static let beyondOffsets = [Self.bandProbe, 4, 8, 12]
    /// Least share of the paper's light that paper in shade keeps: a shadow cast on the page, or
    /// the far side of a fold. Any floor from 0.25 to 0.55 moves the same sides on the
    /// generator's sets.
    static let shadeFloor: Float = 0.4
    /// Largest difference (grey levels, largest over R, G and B) between paper in shade and the
    /// paper's colour dimmed to the same light: shade darkens every channel alike. At 24, one
    /// folded page on the generator's sets is outlined worse (JI 0.97 → 0.89).
    static let shadeTint = 12.0
    /// Largest median change of light (a share of the paper's) from one sample of a strip to the
    /// next for it to be in shade: shade falls off smoothly, print is a minority of the samples.
    /// The strips of paper in shade that move a side on the generator's sets read 0.005–0.04; a
    /// grey check cloth beside a page (seed 24's `fabric_0016`) 0.1, and without this check its
    /// side moved onto the cloth (JI 0.99 → 0.94).
    static let shadeRoughness: Float = 0.05

    /// The outline (`x`, `y`, clockwise on screen) with each side found on print moved out to the
    /// page's edge beyond it; the outline itself when no side is.
    func includingPaper(x: SIMD4<Double>, y: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        guard let paper = marginColour(of: WorkingQuad(x: x, y: y, confidence: 0)) else { return (x, y) }
        return movingSides(x: x, y: y) { k, x, y in paperSide(k, x: x, y: y, paper: paper) }
    }

    /// The corners of side `k` moved out to the nearest detected line past which the paper
    /// (colour `paper`) ends, or nil: the strip between is paper, the line is backed by edges, the
    /// neighbouring sides run on across the strip, and beyond the line lies something else. The
    /// strip, and the margin just past the side, may be paper in shade where both neighbouring
    /// sides run on across it (or one does and the other lies on the frame's border).
    private func paperSide(_ k: Int, x: SIMD4<Double>, y: SIMD4<Double>, paper: SIMD3<Float>) -> (p: Point, q: Point)? {
        let p = Point(x: x[k], y: y[k]), q = Point(x: x[(k + 1) % 4], y: y[(k + 1) % 4])
        let beyond = lines(beyondSide: k, x: x, y: y, turn: Self.paperSideTurn)
        let margin = colours(from: p, to: q, offset: ColorPlanes.marginOffset)
        let marginIsLit = Self.isPaper(margin, paper)
        guard !beyond.isEmpty, marginIsLit || Self.isPaperInShade(margin, paper) else { return nil }
        for c in beyond {
            guard backed(c.p, c.q, from: 0.1, to: 0.9) >= Self.bandBacking else { continue }
            // Whether each neighbouring side runs on across the strip.
            let runOn = (backedNearby(p, c.p) >= Self.bandBacking, backedNearby(q, c.q) >= Self.bandBacking)
            guard runOn.0 || runOn.1 else { continue }
            // Shade only where both do, or one does and the other lies on the frame's border,
            // along which the page runs on out of the frame.
            let shade = (runOn.0 || alongFrame(p, c.p)) && (runOn.1 || alongFrame(q, c.q))
            guard marginIsLit || shade else { continue }
            let strip = stripColours(from: (p, q), to: c)
            guard Self.isPaper(strip, paper) || shade && Self.isPaperInShade(strip, paper) else { continue }
            // A line farther out may still be the page's edge when this one is the far edge of a
            // printed rule (the strip is the rule) or more print.
            if !paperGoesOn(past: c, paper) { return (c.p, c.q) }
        }
        return nil
    }

    /// Whether the segment a → b lies on the frame's border.
    private func alongFrame(_ a: Point, _ b: Point) -> Bool {
        isOnFrameBorder((a.x, a.y), (b.x, b.y))
    }

    /// Whether there is paper beyond the line from `line.p` to `line.q` (outward to its left) at
    /// any of `beyondOffsets`: a line of print, however dark, is thin, and paper follows it.
    private func paperGoesOn(past line: LineBeyond, _ paper: SIMD3<Float>) -> Bool {
        Self.beyondOffsets.contains { Self.isPaper(colours(from: line.p, to: line.q, offset: $0), paper) }
    }

    /// Whether at least `continuationShare` of `samples` (and at least one) have the paper colour.
    static func isPaper(_ samples: [SIMD3<Float>], _ paper: SIMD3<Float>) -> Bool {
        mostly(samples) { isLit($0, paper) }
    }

    /// Whether `samples`, taken in rows along a side, are the paper (colour `paper`) partly or
    /// wholly in shade: at least `continuationShare` of them have its colour or are it in shade
    /// (`isShaded`), and the light changes little from each sample to the next (a median of at
    /// most `shadeRoughness` of the paper's), as shade does, where a grey cloth or tiled floor
    /// jumps from weave to weave or tile to joint.
    static func isPaperInShade(_ samples: [SIMD3<Float>], _ paper: SIMD3<Float>) -> Bool {
        guard samples.count >= 2, mostly(samples, { isLit($0, paper) || isShaded($0, paper) }) else { return false }
        let light = samples.map { Self.light(of: $0, paper) }
        let steps = zip(light, light.dropFirst()).map { abs($1 - $0) }.sorted()
        return steps[steps.count / 2] <= shadeRoughness
    }

    /// Whether at least `continuationShare` of `samples`, and at least one, are `alike`.
    private static func mostly(_ samples: [SIMD3<Float>], _ alike: (SIMD3<Float>) -> Bool) -> Bool {
        let count = samples.filter(alike).count
        return !samples.isEmpty && Double(count) >= continuationShare * Double(samples.count)
    }

    /// Whether `sample` has the paper's colour `paper` (within `continuationDifference`).
    private static func isLit(_ sample: SIMD3<Float>, _ paper: SIMD3<Float>) -> Bool {
        ColorPlanes.difference(sample, paper) <= continuationDifference
    }

    /// Whether `sample` is paper of colour `paper` in shade: that colour dimmed to between
    /// `shadeFloor` and all of its light, within `shadeTint`.
    static func isShaded(_ sample: SIMD3<Float>, _ paper: SIMD3<Float>) -> Bool {
        let light = light(of: sample, paper)
        return light >= shadeFloor && light <= 1 && ColorPlanes.difference(sample, paper * light) <= shadeTint
    }

    /// The share of the paper's light that `sample` has: its projection onto the paper's colour.
    static func light(of sample: SIMD3<Float>, _ paper: SIMD3<Float>) -> Float {
        (sample * paper).sum() / max(1, (paper * paper).sum())
    }
}

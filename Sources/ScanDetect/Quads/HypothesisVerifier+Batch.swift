extension HypothesisVerifier {
    /// Each of `quads` verified as `verify(_:lines:)` does, in order, with the step consistency of
    /// each distinct side measured once: the search's hypotheses are combinations of a few lines,
    /// so about half of their sides are sides of an earlier one too (the same two corners, to the
    /// bit), whose measurement, a function of its corners alone, is reused.
    func verify(_ quads: [ScoredQuad], lines: [DetectedLine]) -> [ScoredQuad] {
        var measured: [SIMD4<UInt64>: (step: Double, luminance: [Double])] = [:]
        return quads.map { quad in
            verify(quad, lines: lines) { p, q, margins in
                let side = SIMD4(p.x.bitPattern, p.y.bitPattern, q.x.bitPattern, q.y.bitPattern)
                if let known = measured[side] {
                    margins += known.luminance
                    return known.step
                }
                var luminance: [Double] = []
                let step = stepConsistency(from: p, to: q, insideLuminance: &luminance)
                measured[side] = (step, luminance)
                margins += luminance
                return step
            }
        }
    }
}

import ScanCore

/// Measures hypotheses for `ConfidenceModel`: their `PageEvidence` features, confidence and rank
/// score, each checked against the other cue's best outline.
struct EvidenceMeasurer {
    let evidence: PageEvidence
    /// The best line hypothesis' outline, which a light region is checked against.
    let lineOutline: (x: SIMD4<Double>, y: SIMD4<Double>)?
    /// The light region's outline, which a line hypothesis is checked against.
    let regionOutline: (x: SIMD4<Double>, y: SIMD4<Double>)?
    /// The gate's threshold, from which the lattice cue is measured.
    let threshold: Double
    /// Lattice readings so far: outlines of one object read alike, so one nearly the same as a
    /// measured outline takes its reading.
    /// A reading below its `settledBelow` is half of one (`PageEvidence.interiorLattice`), so it
    /// stands in only where the reading needed settles as high, and on the same cells (`coarse`).
    private var latticeReadings: [(corners: [Point], value: Double, settledBelow: Double, coarse: Bool)] = []

    init(evidence: PageEvidence, lineOutline: (x: SIMD4<Double>, y: SIMD4<Double>)?,
         regionOutline: (x: SIMD4<Double>, y: SIMD4<Double>)?, threshold: Double) {
        self.evidence = evidence
        self.lineOutline = lineOutline
        self.regionOutline = regionOutline
        self.threshold = threshold
    }

    /// `quads` with their features, confidence and rank score.
    mutating func measure(_ quads: [WorkingQuad]) -> [WorkingQuad] {
        var measured = quads
        // Features by outline and cue: the line search can return one outline several times.
        var known: [Outline: [Double]] = [:]
        for k in measured.indices {
            let outline = Outline(measured[k])
            let features = known[outline] ?? evidence.features(x: measured[k].x, y: measured[k].y,
                                                               other: measured[k].isRegion ? lineOutline : regionOutline,
                                                               measuringLattice: false)
            known[outline] = features
            measured[k].features = features
            score(&measured[k])
        }
        return measured
    }

    /// The measured line hypotheses of `measured` that a second region, `tint`, agrees with
    /// (polygon IoU at least `minimumOverlap`), each with that agreement as its
    /// agreement feature where it is the higher, and its confidence and rank score anew.
    /// The light regions miss a page whose paper is coloured or as light as a pale table
    /// around it, and the hypothesis then lacks the agreement that confirms a page outline;
    /// the tint region may still part that page from the table.
    mutating func agreeing(_ measured: [WorkingQuad], with tint: WorkingQuad, minimumOverlap: Double) -> [WorkingQuad] {
        measured.compactMap { quad in
            guard !quad.isRegion, quad.features.count == PageEvidence.featureCount else { return nil }
            let overlap = Polygon.intersectionOverUnion(quad.corners, tint.corners)
            guard overlap >= minimumOverlap else { return nil }
            var agreed = quad
            agreed.features[PageEvidence.agreementFeature] = max(overlap, quad.features[PageEvidence.agreementFeature])
            score(&agreed)
            return agreed
        }
    }

    /// Sets the confidence and rank score of a quad from its features, measuring its lattice
    /// cue first when the rest of the evidence makes a page.
    private mutating func score(_ quad: inout WorkingQuad) {
        quad.confidence = ConfidenceModel.confidence(quad.features)
        // The lattice cue is the costliest and can only lower the confidence, so it is measured
        // only where the rest of the evidence makes a page (elsewhere its confidence stands,
        // below the threshold either way).
        if quad.confidence >= threshold {
            let corners = quad.corners
            let balance = quad.features[PageEvidence.gridBalanceFeature]
            let settled = ConfidenceModel.latticeSettled(gridBalance: balance)
            let coarse = ConfidenceModel.readsCoarseLattice(gridBalance: balance)
            let lattice = latticeReadings.first {
                $0.settledBelow <= settled && $0.coarse == coarse
                    && Polygon.intersectionOverUnion($0.corners, corners) >= PageEvidence.latticeSharedOverlap
            }?.value ?? evidence.interiorLattice(x: quad.x, y: quad.y, settledBelow: settled, coarse: coarse)
            latticeReadings.append((corners, lattice, settled, coarse))
            quad.features[PageEvidence.latticeFeature] = lattice
            quad.confidence = ConfidenceModel.confidence(quad.features)
        }
        quad.rankScore = ConfidenceModel.rankScore(quad.features)
    }

    /// A quad's corners to the bit, and which cue it came from (which decides the outline it is
    /// checked against).
    private struct Outline: Hashable {
        let x: SIMD4<UInt64>, y: SIMD4<UInt64>
        let isRegion: Bool

        init(_ quad: WorkingQuad) {
            x = SIMD4(quad.x[0].bitPattern, quad.x[1].bitPattern, quad.x[2].bitPattern, quad.x[3].bitPattern)
            y = SIMD4(quad.y[0].bitPattern, quad.y[1].bitPattern, quad.y[2].bitPattern, quad.y[3].bitPattern)
            isRegion = quad.isRegion
        }
    }
}

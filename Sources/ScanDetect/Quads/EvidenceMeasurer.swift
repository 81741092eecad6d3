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
    private var latticeReadings: [(corners: [Point], value: Double)] = []

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
            measured[k].confidence = ConfidenceModel.confidence(measured[k].features)
            // The lattice cue is the costliest and can only lower the confidence, so it is measured
            // only where the rest of the evidence makes a page (elsewhere its confidence stands,
            // below the threshold either way).
            if measured[k].confidence >= threshold {
                let corners = measured[k].corners
                let lattice = latticeReadings.first {
                    Polygon.intersectionOverUnion($0.corners, corners) >= PageEvidence.latticeSharedOverlap
                }?.value ?? evidence.interiorLattice(x: measured[k].x, y: measured[k].y)
                latticeReadings.append((corners, lattice))
                measured[k].features[PageEvidence.latticeFeature] = lattice
                measured[k].confidence = ConfidenceModel.confidence(measured[k].features)
            }
            measured[k].rankScore = ConfidenceModel.rankScore(measured[k].features)
        }
        return measured
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

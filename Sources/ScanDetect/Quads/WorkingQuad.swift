import ScanCore

/// A hypothesis in working coordinates on its way to becoming a `Detection.Hypothesis`: its
/// corners (clockwise on screen), its confidence and, once measured, its `PageEvidence`.
struct WorkingQuad {
    var x: SIMD4<Double>
    var y: SIMD4<Double>
    var confidence: Double
    /// True for a hypothesis from `RegionCandidates` rather than from lines.
    var isRegion = false
    /// The `PageEvidence` features, empty until measured.
    var features: [Double] = []
    /// `ConfidenceModel.rankScore` of the features (0 until measured).
    var rankScore: Double = 0

    var corners: [Point] { (0..<4).map { Point(x[$0], y[$0]) } }

    /// Confidence times perimeter: among outlines equally likely to be a page, the one with
    /// more evidence (a longer outline) is the page rather than a tile or a label on it.
    var weight: Double {
        var perimeter = 0.0
        for k in 0..<4 {
            let dx = x[(k + 1) % 4] - x[k], dy = y[(k + 1) % 4] - y[k]
            perimeter += (dx * dx + dy * dy).squareRoot()
        }
        return confidence * perimeter
    }

    /// Puts the best region hypothesis first when it outweighs the best line hypothesis and
    /// describes a different outline; a line hypothesis on the same outline is kept first,
    /// since straight lines locate straight sides more precisely.
    static func merge(lineHypotheses: [WorkingQuad], region: WorkingQuad) -> [WorkingQuad] {
        guard let best = lineHypotheses.first else { return [region] }
        let overlap = Polygon.intersectionOverUnion(best.corners, region.corners)
        if region.weight > best.weight && overlap < 0.95 {
            return [region] + lineHypotheses
        }
        return lineHypotheses + [region]
    }
}

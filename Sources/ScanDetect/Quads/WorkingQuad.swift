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

    /// The re-ranked hypotheses (best rank first) with the page outline first. The rank model
    /// says which object is the page; when the outline it ranks first is one the gate doubts
    /// (below `threshold`: a page's sides run on to the frame, or it is a panel printed on the
    /// page) and another outline of the same object (polygon IoU ≥ `sameObjectOverlap`), or one
    /// enclosing it (holding ≥ `enclosedShare` of its area), passes the gate, the likelier of
    /// those as a page outline (rank score times confidence) goes first. An outline the gate
    /// accepts keeps its place.
    static func acceptedOutlineFirst(_ ranked: [WorkingQuad], threshold: Double, sameObjectOverlap: Double,
                                     enclosedShare: Double) -> [WorkingQuad] {
        guard let top = ranked.first, top.confidence < threshold else { return ranked }
        let topArea = Polygon.area(top.corners)
        var chosen = 0
        for k in ranked.indices.dropFirst()
        where ranked[k].confidence >= threshold
            && ranked[k].rankScore * ranked[k].confidence > ranked[chosen].rankScore * ranked[chosen].confidence {
            let corners = ranked[k].corners
            let sameObject = Polygon.intersectionOverUnion(corners, top.corners) >= sameObjectOverlap
            let encloses = topArea > 0
                && Polygon.area(Polygon.intersection(top.corners, convexClip: corners)) >= enclosedShare * topArea
            if sameObject || encloses { chosen = k }
        }
        var ordered = ranked
        if chosen > 0 { ordered.insert(ordered.remove(at: chosen), at: 0) }
        return ordered
    }
}

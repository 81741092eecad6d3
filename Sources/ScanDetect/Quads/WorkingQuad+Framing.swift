import ScanCore

extension WorkingQuad {
    /// The ranked hypotheses with the page the photo was framed on first: when the gate accepts
    /// the first choice and other outlines of separate objects (sharing at most `separateShare`
    /// of the smaller one's area with it), the one whose centre lies nearest the centre of the
    /// `width × height` frame, distances measured as shares of the frame's sides. A person
    /// scanning one of several sheets on a desk points the camera at it; the rank model scores
    /// each outline on its own and cannot tell which of two pages is meant. Outlines that
    /// overlap more (a sheet partly under another, a panel on a page, a note on it) are other
    /// rules' to weigh.
    static func framedPageFirst(_ ranked: [WorkingQuad], threshold: Double,
                                width: Double, height: Double) -> [WorkingQuad] {
        guard let top = ranked.first, top.confidence >= threshold else { return ranked }
        let topArea = Polygon.area(top.corners)
        var chosen = 0
        var nearest = top.offCentre(inFrameOf: width, height)
        for k in ranked.indices.dropFirst() where ranked[k].confidence >= threshold
            && ranked[k].features.count == PageEvidence.featureCount {
            let offCentre = ranked[k].offCentre(inFrameOf: width, height)
            guard offCentre < nearest else { continue }
            let corners = ranked[k].corners
            let shared = Polygon.area(Polygon.intersection(top.corners, convexClip: corners))
            guard shared <= separateShare * min(topArea, Polygon.area(corners)) else { continue }
            chosen = k
            nearest = offCentre
        }
        return ranked.movingToFront(chosen)
    }

    /// The largest share of the smaller of two outlines that they may have in common and still
    /// be separate objects for `framedPageFirst`: a sheet only touching or just overlapping
    /// another.
    static let separateShare = 0.05

    /// How far the outline's centre (the mean of its corners) lies from the centre of a
    /// `width × height` frame, as the length of its offset in shares of the frame's sides.
    func offCentre(inFrameOf width: Double, _ height: Double) -> Double {
        let dx = (x.sum() / 4) / width - 0.5, dy = (y.sum() / 4) / height - 0.5
        return (dx * dx + dy * dy).squareRoot()
    }
}

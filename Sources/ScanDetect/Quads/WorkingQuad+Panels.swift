import ScanCore

extension WorkingQuad {
    /// The ranked hypotheses with the page an accepted first choice is printed on first: of the
    /// outlines reaching `threshold` that the gate is surer of than of the first choice, that
    /// enclose it (holding ≥ `enclosedShare` of its area), that it fills at most `panelShare`
    /// of, and that the rank model finds a plausible page outline (at least
    /// `enclosingMinimumRank`), the surest. The rank model scores each outline on its own, and a
    /// sharp photo printed on an ID card, or a page's coloured header band, can outrank the
    /// card or the page around it; the gate is surer of the whole.
    static func enclosingPageFirst(_ ranked: [WorkingQuad], threshold: Double, enclosedShare: Double) -> [WorkingQuad] {
        guard let top = ranked.first, top.confidence >= threshold else { return ranked }
        let topArea = Polygon.area(top.corners)
        var chosen = 0
        for k in ranked.indices.dropFirst() where ranked[k].confidence > ranked[chosen].confidence
            && ranked[k].rankScore >= enclosingMinimumRank
            && isPanel(top.corners, area: topArea, of: ranked[k].corners, enclosedShare: enclosedShare) {
            chosen = k
        }
        return ranked.movingToFront(chosen)
    }

    /// Whether the outline `panel` (of area `area`) could be printed on the outline `page`: it
    /// fills at most `panelShare` of it, and `page` holds at least `enclosedShare` of it.
    static func isPanel(_ panel: [Point], area: Double, of page: [Point], enclosedShare: Double) -> Bool {
        guard area > 0, area <= panelShare * Polygon.area(page) else { return false }
        return Polygon.area(Polygon.intersection(panel, convexClip: page)) >= enclosedShare * area
    }

    /// The largest share of an enclosing outline an outline may fill to be taken for a panel
    /// printed on it (`isPanel`): an ID card's photo fills a sixth of the card, a header band a
    /// fifth of the page. A folded page's panel fills half of it, and is `FoldedPage`'s to weigh.
    static let panelShare = 0.4

    /// The least rank score of an outline `enclosingPageFirst` takes over the panel it encloses.
    /// On the generator's sets (benchmark, seeds 10 and 12–23) it places six pages better (JI
    /// 0.00–0.43 to 0.54–1.00, two of them from "no document") and none worse; at
    /// `elsewhereMinimumRank` (0.1) it also loses a curled page to an outline around it and the
    /// card beside it (rank 0.14).
    static let enclosingMinimumRank = 0.2
}

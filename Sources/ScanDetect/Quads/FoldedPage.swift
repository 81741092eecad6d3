import ScanCore

/// A fold, or the edge of a cast shadow, draws a long straight step across a page, and the part
/// on one side of it can outrank the whole page as an outline of its own: a panel. A panel's
/// corners lie on the whole page's outline, and each stretch the page adds beyond one of the
/// panel's sides (a piece) is more of the same sheet. Another sheet lying beyond a page's real
/// side, or the surface under it, is not: it is coloured, or blank, or not paper at all.
enum FoldedPage {
    /// How far a panel's corner may lie from the whole page's outline, as a fraction of the
    /// outline's size (the square root of its area): a folded page's sides bend at the fold, so
    /// the panel's corners on the fold stand off the straight outline a little.
    static let cornerReach = 0.1

    /// The ranked hypotheses with the whole page first when the first is an accepted panel of
    /// it: of the other hypotheses the gate accepts (confidence ≥ `threshold`), the largest that
    /// is seen whole in the `width × height` frame (as `wholeOutlines` requires), holds at least
    /// `enclosedShare` of the first one's area, runs through all four of its corners (within
    /// `cornerReach`), and whose every piece beyond it `isSameSheet` accepts.
    static func wholePageFirst(_ ranked: [WorkingQuad], threshold: Double, enclosedShare: Double,
                               width: Double, height: Double,
                               isSameSheet: (_ piece: [Point]) -> Bool) -> [WorkingQuad] {
        guard let panel = ranked.first, panel.confidence >= threshold else { return ranked }
        let panelArea = Polygon.area(panel.corners)
        guard panelArea > 0 else { return ranked }
        var chosen = 0, chosenArea = panelArea
        for k in ranked.indices.dropFirst() where ranked[k].confidence >= threshold {
            let outline = ranked[k].corners
            let area = Polygon.area(outline)
            guard area > chosenArea, !ranked[k].hasCorner(beyondFrameOf: width, height, by: -WorkingQuad.frameMargin),
                  Polygon.area(Polygon.intersection(panel.corners, convexClip: outline)) >= enclosedShare * panelArea,
                  let pieces = pieces(of: outline, beyond: panel.corners, reach: cornerReach * area.squareRoot()),
                  pieces.allSatisfy(isSameSheet)
            else { continue }
            chosen = k
            chosenArea = area
        }
        return ranked.movingToFront(chosen)
    }

    /// The first `limit` of `outlines` that could be the whole page `panel` is part of, in order,
    /// each with its pieces beyond the panel: seen whole in the `width × height` frame (every
    /// corner at least `WorkingQuad.frameMargin` inside it: an outline run on past the frame over
    /// the table takes in pieces of texture that pass for print), larger than the panel, holding
    /// at least `enclosedShare` of it, and running through its corners (`pieces`). The search may
    /// rank a page's whole outline low: its sides bend at the fold, and no straight line backs
    /// one whole.
    static func wholeOutlines(around panel: WorkingQuad, among outlines: ArraySlice<WorkingQuad>, limit: Int,
                              enclosedShare: Double, width: Double, height: Double)
        -> [(outline: WorkingQuad, pieces: [[Point]])] {
        let panelArea = Polygon.area(panel.corners)
        return Array(outlines.lazy.compactMap { outline -> (outline: WorkingQuad, pieces: [[Point]])? in
            let area = Polygon.area(outline.corners)
            guard area > panelArea,
                  !outline.hasCorner(beyondFrameOf: width, height, by: -WorkingQuad.frameMargin),
                  Polygon.area(Polygon.intersection(panel.corners, convexClip: outline.corners))
                    >= enclosedShare * panelArea,
                  let pieces = pieces(of: outline.corners, beyond: panel.corners, reach: cornerReach * area.squareRoot())
            else { return nil }
            return (outline, pieces)
        }.prefix(limit))
    }

    /// The parts of convex `outline` beyond each side of `panel` that runs through the outline's
    /// interior (its midpoint farther than `reach` from the outline), clockwise like `outline`;
    /// nil unless every corner of `panel` lies within `reach` of the outline, at least one side
    /// runs through it and every piece is a quadrilateral.
    static func pieces(of outline: [Point], beyond panel: [Point], reach: Double) -> [[Point]]? {
        guard panel.allSatisfy({ distance(from: $0, to: outline) <= reach }) else { return nil }
        let centre = panel.reduce(Point.zero, +) / Double(panel.count)
        var result: [[Point]] = []
        for k in panel.indices {
            let a = panel[k], b = panel[(k + 1) % panel.count]
            guard distance(from: (a + b) / 2, to: outline) > reach else { continue }
            var away = Point(b.y - a.y, a.x - b.x)
            if away.dot(centre - a) > 0 { away = -away }
            let piece = mergingNearVertices(Polygon.clip(outline, toward: away, from: a))
            guard piece.count == 4 else { return nil }
            result.append(piece)
        }
        return result.isEmpty ? nil : result
    }

    /// `polygon` with each vertex closer than a pixel to the one before it (cyclically) dropped:
    /// a clip through a corner repeats it.
    static func mergingNearVertices(_ polygon: [Point]) -> [Point] {
        var merged: [Point] = []
        for p in polygon where merged.last.map({ $0.distance(to: p) >= 1 }) ?? true { merged.append(p) }
        if merged.count > 1, let first = merged.first, let last = merged.last, first.distance(to: last) < 1 {
            merged.removeLast()
        }
        return merged
    }

    /// Lowest confidence of a piece. The gate's threshold is for a whole sheet; one side of a
    /// piece is the fold or the shadow's edge, which backs an outline less than a sheet's border.
    static let minimumPieceConfidence = 0.3
    /// How much more saturated a piece's margin may be than the panel's (HSV saturation of the
    /// margin's median): one sheet keeps its colour in the shade; wood, a coloured sheet or a
    /// desk beyond the page's side does not.
    static let saturationAllowance = 0.1
    /// Least share of a piece's interior darker than its margin. A printed page is printed on
    /// beyond its fold too, and a stretch of bare table is not; a blank piece leaves the panel
    /// where it was.
    static let minimumInk = 0.03
    /// Least balance of a piece's interior edges between its two axes, the other sign of print:
    /// small or light type blurs above `minimumInk`'s darkness at the working size, but its
    /// letters still have edges both ways, where wood grain or a striped cloth runs one way. 95 %
    /// of the hypotheses on true pages in the training sets (seeds 7–9) reach it, and 96 % of
    /// those whose ink reads under 3 %.
    static let minimumGridBalance = 0.1

    /// Whether `piece` (working coordinates, clockwise on screen) is more of the sheet `panel`
    /// (measured) lies on: paper to the gate (whatever its size, a piece being part of a page),
    /// coloured like the panel's margin, and printed on (`minimumInk` or `minimumGridBalance`).
    static func isSameSheet(_ piece: [Point], as panel: WorkingQuad, evidence: PageEvidence) -> Bool {
        guard piece.count == 4, panel.features.count == PageEvidence.featureCount else { return false }
        let x = SIMD4(piece[0].x, piece[1].x, piece[2].x, piece[3].x)
        let y = SIMD4(piece[0].y, piece[1].y, piece[2].y, piece[3].y)
        // The lattice cue, the costliest, can only lower the confidence: read last.
        var features = evidence.features(x: x, y: y, other: nil, measuringLattice: false)
        let saturation = PageEvidence.marginChromaFeature
        let printed = features[PageEvidence.inkFeature] >= minimumInk
            || features[PageEvidence.gridBalanceFeature] >= minimumGridBalance
        guard features[saturation] <= panel.features[saturation] + saturationAllowance, printed,
              ConfidenceModel.confidence(features, asWholePage: false) >= minimumPieceConfidence else { return false }
        features[PageEvidence.latticeFeature] = evidence.interiorLattice(
            x: x, y: y, gridBalance: features[PageEvidence.gridBalanceFeature])
        return ConfidenceModel.confidence(features, asWholePage: false) >= minimumPieceConfidence
    }

    /// Distance from `point` to the nearest side of the closed polygon `outline`.
    static func distance(from point: Point, to outline: [Point]) -> Double {
        var nearest = Double.infinity
        for k in outline.indices {
            let a = outline[k], b = outline[(k + 1) % outline.count], side = b - a
            let t = max(0, min(1, (point - a).dot(side) / max(side.dot(side), 1e-12)))
            nearest = min(nearest, (a + side * t).distance(to: point))
        }
        return nearest
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
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

    /// Whether the side from `p` to `q` lies along the border of a `width × height` working
    /// frame, both ends within `tolerance` working pixels of one edge: the frame cut the outline
    /// there, so the side is not observed.
    static func isOnFrameBorder(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double),
                                width w: Double, height h: Double, within tolerance: Double) -> Bool {
        (p.x <= tolerance && q.x <= tolerance) || (p.y <= tolerance && q.y <= tolerance)
            || (p.x >= w - tolerance && q.x >= w - tolerance) || (p.y >= h - tolerance && q.y >= h - tolerance)
    }

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

    /// The measured hypotheses with those that are mostly a sticky note vetoed like it: an
    /// outline coloured like paper notes (`hasColouredMargin`) overlapping, with polygon IoU ≥
    /// `noteOverlap`, another that `ConfidenceModel` takes for a note has its confidence scaled
    /// down as that one's is. A note cut by a stray line, or run on past a corner by a faint one,
    /// is no longer square but still the note.
    static func vetoingNoteOutlines(_ measured: [WorkingQuad]) -> [WorkingQuad] {
        let notes = measured.map { (corners: $0.corners, surety: ConfidenceModel.stickyNote($0.features)) }
            .filter { $0.surety > 0 }
        guard !notes.isEmpty else { return measured }
        return measured.map { quad in
            guard quad.hasColouredMargin else { return quad }
            var vetoed = quad
            for note in notes where Polygon.intersectionOverUnion(note.corners, quad.corners) >= noteOverlap {
                vetoed.confidence = min(vetoed.confidence, quad.confidence * (1 - note.surety))
            }
            return vetoed
        }
    }

    /// Whether the measured margin is as coloured as a sticky note's can be (chroma under the
    /// scene's white at least `ConfidenceModel.stickyNoteChroma`'s lower bound); false until
    /// measured.
    var hasColouredMargin: Bool {
        features.count == PageEvidence.featureCount
            && features[PageEvidence.balancedChromaFeature] >= ConfidenceModel.stickyNoteChroma.lowerBound
    }

    /// Overlap (polygon IoU) from which a coloured outline is the sticky note it overlaps. Above
    /// the 0.71 of a square panel on an A4 sheet, so a coloured A4 page with a square printed on
    /// it stays a page (a US Letter one, at 0.78, would not). At 0.8 a note cut short of its
    /// corner by a faint line on the tests' plain desk (IoU 0.785) passes for a page.
    static let noteOverlap = 0.75

    /// Whether a measured outline may replace a doubted first choice it neither encloses nor shares
    /// an object with: its margin is paper-white (not `hasColouredMargin`: a coloured outline is as
    /// often a screen's panel or a note as a page) and the rank model finds it a plausible page
    /// outline (at least `elsewhereMinimumRank`). On the generator's sets (benchmark and seeds 7–9)
    /// this finds six pages, five among clutter, from "no document" or a wrong outline (JI 0.42–1.0
    /// now), and adds no false positive; without the two conditions the benchmark gains two, both
    /// coloured panels on a tablet's screen, and seed 8 one.
    static func isPlainPageOutline(_ quad: WorkingQuad) -> Bool {
        quad.features.count == PageEvidence.featureCount && !quad.hasColouredMargin && quad.rankScore >= elsewhereMinimumRank
    }

    /// Whether an outline found on a second look (`DetectionOptions.secondLookHypotheses`) may
    /// be chosen: a plain page outline (`isPlainPageOutline`) that meets every necessary
    /// condition of paper in full (`ConfidenceModel.veto` is 1). A second look measures more of
    /// the scene's clutter: on the generator's sets (benchmark and seeds 7–9) plain outlines on a
    /// second look gave six photos an outline where there was none (JI 0.34–0.96, four above
    /// 0.5) and two negatives one, a white keyboard and a tablet's grey bezel; the bezel, whose
    /// dark screen fills half its interior, is not unambiguous, the keyboard is.
    static func isUnambiguousPage(_ quad: WorkingQuad) -> Bool {
        isPlainPageOutline(quad) && ConfidenceModel.veto(quad.features) >= 1
    }

    /// The least rank score of an outline taken over a doubted first choice elsewhere.
    static let elsewhereMinimumRank = 0.1

    /// The share of a sticky note (`ConfidenceModel.stickyNote` ≥ 0.5) that an outline must hold
    /// to be the page it is stuck on: a note often overhangs the page's edge, but rests mostly on
    /// it. (On the generator's sets any share from 0.25 to 0.5 finds the same four pages, their
    /// notes overhanging by 5–42 % of their area; at 0.75 the two overhanging by 42 % are lost.)
    static let noteOnPageShare = 0.5

    /// The largest share of an outline a sticky note may cover for the outline to be the page it
    /// is stuck on: a 76 mm note covers 37 % of an A6 card and 9 % of an A4 page. An outline the
    /// note fills more of is the note itself, run on past its corners over the desk.
    static let largestNoteShare = 0.4

    /// Largest turn (degrees) from a sticky note's sides to the nearest side of an outline it
    /// fills more than `largestNoteShare` of for that outline to be the note run on past its
    /// corners, which runs along two of the note's own sides; a page under a note stuck askew has
    /// no side along the note's, however much of it the note covers (a 76 mm note on an 80 mm
    /// receipt). On the generator's fresh sets (seeds 10 and 12–18) two receipts under notes
    /// stuck askew (their nearest sides 28° off the notes') are found (JI 0.89 and 1.00, "no
    /// document" before), no other photo changing, at any limit from 5° to 20° (the outlines run
    /// on from those notes read under 0.3°); the benchmark set, the SmartDoc photos and seeds
    /// 19–22 are unchanged.
    static let noteRunOnTurn = 10.0

    /// The smallest angle (degrees, 0…45) between a side of `outline` and the sides of `square`,
    /// taken modulo a right angle; `square`'s direction is the mean of its sides' (weighted by
    /// length), each turned by a multiple of a right angle.
    static func sideTurn(of outline: [Point], to square: [Point]) -> Double {
        func angle(_ side: Point) -> Double { 4 * atan2(side.y, side.x) }
        var c = 0.0, s = 0.0
        for k in square.indices {
            let side = square[(k + 1) % square.count] - square[k]
            c += side.length * cos(angle(side))
            s += side.length * sin(angle(side))
        }
        let direction = atan2(s, c)
        return outline.indices.map { k -> Double in
            // The difference of the fourfold angles, folded into 0…π, is four times the turn.
            let difference = abs(remainder(angle(outline[(k + 1) % outline.count] - outline[k]) - direction, 2 * .pi))
            return difference / 4 * 180 / .pi
        }.min() ?? 45
    }

    /// The re-ranked hypotheses (best rank first) with the page outline first. The rank model
    /// says which object is the page; when the outline it ranks first is one the gate doubts
    /// (below `threshold`: a page's sides run on to the frame, or it is a panel printed on the
    /// page) and another outline of the same object (polygon IoU ≥ `sameObjectOverlap`), or one
    /// enclosing it (holding ≥ `enclosedShare` of its area, or `noteOnPageShare` when the doubted
    /// outline is a sticky note, which may then cover at most `largestNoteShare` of an outline
    /// with a side along its own, `noteRunOnTurn`), passes the gate, the likelier of those as a
    /// page outline (rank score times confidence) goes first if it is likelier than the first
    /// choice, or whenever the first choice lies wholly inside the frame. An accepted outline
    /// elsewhere competes too when it `isPlainPageOutline`: the doubted first choice is then
    /// clutter (a card, a tray) and the page lies elsewhere. An outline the gate accepts keeps
    /// its place.
    static func acceptedOutlineFirst(_ ranked: [WorkingQuad], threshold: Double, sameObjectOverlap: Double,
                                     enclosedShare: Double) -> [WorkingQuad] {
        guard let top = ranked.first, top.confidence < threshold else { return ranked }
        let topArea = Polygon.area(top.corners)
        // A sticky note may overhang the page it is stuck on, which is much larger than the note.
        let topIsNote = ConfidenceModel.stickyNote(top.features) >= 0.5
        let enclosedShare = topIsNote ? noteOnPageShare : enclosedShare
        // A doubted outline wholly inside the frame is a panel printed on the page (a photo on a
        // card, a table on a sheet), a note stuck on it, or the page itself with a side found a
        // little off: an accepted outline enclosing it, or of the same object, is the page, however
        // the rank model weighs the two.
        let insideFrame = top.features.count == PageEvidence.featureCount && top.features[PageEvidence.borderFeature] == 0
        var chosen = 0
        var best = top.rankScore * top.confidence
        for k in ranked.indices.dropFirst() where ranked[k].confidence >= threshold {
            let corners = ranked[k].corners
            let shared = Polygon.area(Polygon.intersection(top.corners, convexClip: corners))
            if topIsNote && shared > largestNoteShare * Polygon.area(corners)
                && Self.sideTurn(of: corners, to: top.corners) <= noteRunOnTurn { continue }
            let sameObject = Polygon.intersectionOverUnion(corners, top.corners) >= sameObjectOverlap
            let encloses = topArea > 0 && shared >= enclosedShare * topArea
            let score = ranked[k].rankScore * ranked[k].confidence
            let related = sameObject || encloses
            if (related || isPlainPageOutline(ranked[k])) && (score > best || (related && insideFrame && chosen == 0)) {
                chosen = k
                best = score
            }
        }
        return ranked.movingToFront(chosen)
    }

    /// The ranked hypotheses with the surest of the outlines nearly the same as an accepted first
    /// choice first: of those reaching `threshold` with polygon IoU ≥ `duplicateOverlap` to the
    /// first, the one with the highest confidence. The rank model tells the page's outline from
    /// other objects' (it is fitted to JI ≥ 0.9), not two outlines of the page a few pixels apart;
    /// the gate's confidence rises with the share of each side backed by edges and a steady step
    /// across it, so of two such outlines the better fitting is usually the surer. A doubted
    /// first choice is `acceptedOutlineFirst`'s to replace.
    static func surestDuplicateFirst(_ ranked: [WorkingQuad], threshold: Double, duplicateOverlap: Double) -> [WorkingQuad] {
        guard let top = ranked.first, top.confidence >= threshold else { return ranked }
        var chosen = 0
        for k in ranked.indices.dropFirst() where ranked[k].confidence > ranked[chosen].confidence
            && Polygon.intersectionOverUnion(ranked[k].corners, top.corners) >= duplicateOverlap {
            chosen = k
        }
        return ranked.movingToFront(chosen)
    }

    /// The ranked hypotheses with an outline the photo shows whole first, when the accepted
    /// first choice has a corner beyond the frame (more than `frameMargin` working pixels out):
    /// of the other outlines of the same object (polygon IoU ≥ `sameObjectOverlap`) reaching
    /// `threshold` whose four corners lie inside the frame (at least `frameMargin` in) and whose
    /// sides all lie off its border, the surest. The corner beyond the frame is where two sides
    /// found on stray lines (grain, a shadow, the curl of a receipt) run on out of view; the
    /// other outline's corners are seen. On the generator's sets (benchmark and seeds 7–9) this
    /// mends six photos (JI 0.66–0.84 to 0.74–0.99) and loses none; with corners counted beyond
    /// the frame from 1 pixel out it loses five pages whose corner just touches the frame, for
    /// which the in-frame outline is a crease or a printed panel.
    static func seenOutlineFirst(_ ranked: [WorkingQuad], threshold: Double, sameObjectOverlap: Double,
                                 width: Double, height: Double) -> [WorkingQuad] {
        guard let top = ranked.first, top.confidence >= threshold,
              top.hasCorner(beyondFrameOf: width, height, by: frameMargin) else { return ranked }
        var chosen = 0
        for k in ranked.indices.dropFirst() where ranked[k].confidence >= threshold
            && (chosen == 0 || ranked[k].confidence > ranked[chosen].confidence)
            && ranked[k].isWhollySeen(inFrameOf: width, height)
            && Polygon.intersectionOverUnion(ranked[k].corners, top.corners) >= sameObjectOverlap {
            chosen = k
        }
        return ranked.movingToFront(chosen)
    }

    /// Working pixels a corner must lie beyond the frame to count as out of view, or inside it to
    /// count as seen: closer to the border, a corner may be the frame's cut of the page.
    static let frameMargin = 3.0

    /// Whether a corner lies more than `margin` working pixels beyond a `width × height` frame
    /// (a negative margin: less than `-margin` inside it).
    func hasCorner(beyondFrameOf width: Double, _ height: Double, by margin: Double) -> Bool {
        (0..<4).contains { x[$0] < -margin || y[$0] < -margin || x[$0] > width + margin || y[$0] > height + margin }
    }

    /// Whether a measured outline lies whole in a `width × height` frame: every corner at least
    /// `frameMargin` inside it and no side along its border.
    func isWhollySeen(inFrameOf width: Double, _ height: Double) -> Bool {
        features.count == PageEvidence.featureCount && features[PageEvidence.borderFeature] == 0
            && !hasCorner(beyondFrameOf: width, height, by: -Self.frameMargin)
    }
}

import ScanCore

/// The rule that widens an accepted outline to the sheet it is part of. On a page among clutter
/// the gate can accept an outline of part of the sheet: a box printed on it, closed by a side
/// of the sheet (or of a sheet under it), or the sheet with one side found on a printed line.
/// The outline a larger budget of lines gives around the scene's tint region
/// (`RegionGuidedSearch`) is then the sheet when it encloses the choice, is larger, passes the
/// gate, the choice's paper goes on over the part of it beyond the choice
/// (`PageEvidence.pageContinues`: beyond a page's true outline lies the desk), and edges back
/// its outline there (`beyondSupport`). The rank model must find the sheet a plausible page
/// outline (`WorkingQuad.elsewhereMinimumRank`, as for an outline taken over a doubted choice
/// elsewhere): two sheets touching, a page and a delivery note under it on the fresh seed 10,
/// are paper on both sides of the page's side too, but their joint outline ranks at 0.0004.
struct SheetWidening {
    /// The gate's threshold (`DetectionOptions.confidenceThreshold`).
    let threshold: Double
    /// Share of the choice's area the sheet must hold (`DetectionOptions.enclosedShare`).
    let enclosedShare: Double

    /// Least ratio of the sheet's area to the choice's. An outline a few per cent larger is the
    /// same page with a side a little off, as often as not, which the continuation then tells:
    /// at 1.2 only the printed boxes were widened, at 1.05 also five pages found a few per cent
    /// short on the SmartDoc sample's variants and one on the benchmark (none worse).
    static let growth = 1.05

    /// Least share of the sheet's outline beyond the choice that edges must back
    /// (`PageEvidence.backedOutline`). A sheet's sides run on as edges past the part of it the
    /// choice outlines; an outline joining a page to a sheet beside or under it crosses that
    /// sheet where no edge is. On the generator's sets the sheets taken read 0.37–1.00 (a
    /// SmartDoc page, 0.54); the three joints of two sheets among them, 0.06, 0.06 and 0.25.
    static let beyondSupport = 0.3

    /// Whether `outer` holds `enclosedShare` of `inner` and is `growth` times larger.
    func encloses(_ outer: WorkingQuad, _ inner: WorkingQuad) -> Bool {
        let innerArea = Polygon.area(inner.corners)
        guard innerArea > 0, Polygon.area(outer.corners) >= Self.growth * innerArea else { return false }
        return Polygon.area(Polygon.intersection(inner.corners, convexClip: outer.corners)) >= enclosedShare * innerArea
    }

    /// Whether the measured outline `sheet` is the sheet `choice` is part of.
    func isSheet(_ sheet: WorkingQuad, of choice: WorkingQuad, evidence: PageEvidence) -> Bool {
        guard sheet.confidence >= threshold, sheet.rankScore >= WorkingQuad.elsewhereMinimumRank,
              encloses(sheet, choice) else { return false }
        guard evidence.pageContinues(beyond: choice, into: sheet) else { return false }
        let beyond = evidence.backedOutline(of: sheet, beyond: choice)
        return Double(beyond.backed) >= Self.beyondSupport * Double(beyond.steps)
    }
}

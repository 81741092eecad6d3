import ScanCore

/// Finds the one document page in a photo and returns its four corners.
///
/// The search runs on a copy shrunk to about `DetectionOptions.workingLongSide` pixels: colour
/// gradients with direction → thin edges → straight lines (direction-restricted Hough, with
/// near-duplicates suppressed) → quads from two pairs of roughly opposite lines (at most one side
/// backed only faintly), ranked by the edge evidence along their sides, plus quads from the light
/// regions of the scene (which span bent and broken borders), their sides snapped onto the edges
/// (`RegionSnapper`) → the first few measured for `PageEvidence` and re-ranked and gated by
/// `ConfidenceModel` (an outline that is mostly a sticky note vetoed with it; a panel of a folded
/// or half-shaded page giving way to the whole page, `FoldedPage`, also one the search ranked
/// lower, `wholePage`; a photo printed on a card or a page's header band giving way to a surer
/// outline around it, `enclosingPageFirst`; of accepted pages apart, the one nearest the frame's
/// centre; of nearly the same outlines, the surest), a few more on a second look when the gate
/// accepts none, or accepts one only just and no sheet widens it, when only outlines apart from
/// that choice compete with it (`DetectionOptions.secondLookBelow`): the next in rank, and the
/// best of the quads the search ranked lower still, verified then
/// (`DetectionOptions.secondLookVerified`), with a region of a yellow–blue split,
/// the outline a larger budget of lines gives around that region (`RegionGuidedSearch`) and the
/// measured line outlines that region agrees with, scored again (`EvidenceMeasurer.agreeing`),
/// and when still none is a page, a last look (`lastLook`) at
/// outlines the lines show on three sides, closed where two opposite sides end or through the
/// farther end (`ThreeSidedSearch`), and at the best quads the search makes of the larger budget
/// of lines, and when none is a page still, the whole search on a coarser copy (`coarseLook`:
/// sides too faint at the working size), then on a second one, its page measured again at the
/// working size, and when none is a page still, the first outline weighed by its print (a doubted
/// outline full of print is a page: `printedPageFirst`); an
/// accepted outline that is part of a sheet (its paper goes on past a side) widened to that
/// outline when it is the sheet (`SheetWidening`) → weighed by its print on the photo, a blank
/// outline the gate then doubts giving way to an accepted one around it (`printedChoice`: the
/// photo on an ID card, the card around it) → the winner's sides found
/// on the table past the page moved in to its edge (`PageEvidence.excludingTable`), those found
/// on print moved out to the page's edge beyond them (`PageEvidence.includingPaper`) or, where
/// that edge is too faint for a line, to where the page's neighbouring sides end
/// (`PageEvidence.includingRunOn`), and over any band printed to the sheet's edge
/// (`PageEvidence.includingBands`) → refined to sub-pixel
/// precision on the full-resolution image, each corner moved out to the tip of the paper where a
/// curled or folded sheet's corner sticks out past it (`CornerTips`), and, when the frame cuts it
/// and the page visibly continues past the border, completed beyond it (a corner the frame cuts
/// off, where its two sides meet).
public struct DocumentDetector: Sendable {
    /// The tuning constants in use.
    public let options: DetectionOptions

    /// Smallest image side, in pixels, the detector accepts.
    public static let minimumImageSide = 32

    /// Creates a detector with the default options.
    public init() {
        options = DetectionOptions()
    }

    /// Creates a detector.
    /// - Throws: `DetectionError.invalidOption` when an option is outside its range.
    public init(options: DetectionOptions) throws(DetectionError) {
        try options.validate()
        self.options = options
    }

    /// Creates a detector with options known to be valid (derived from a detector's own).
    init(validated options: DetectionOptions) {
        self.options = options
    }

    /// The page in `image`, or nil when there is none (the first hypothesis does not reach
    /// `options.confidenceThreshold`, also once weighed by its lines of print, nor does an
    /// accepted outline around it, `printedChoice`, or the image is smaller than
    /// `minimumImageSide`).
    /// Corners are in full-resolution pixel coordinates with the origin at the top-left pixel's
    /// corner, in contract order.
    public func detect(in image: Image<RGB8>) -> Detection? {
        detect(in: image, focalLength: nil)
    }

    /// The page in `image`, as `detect(in:)`, for a photo whose camera's focal length in pixels is
    /// known (from its EXIF, `DecodedImage.focalLength`): a page cut by the frame is completed
    /// in that camera's perspective (`CutPageExtender`) rather than a phone's main camera's; nil
    /// assumes the latter.
    public func detect(in image: Image<RGB8>, focalLength: Double?) -> Detection? {
        let all = hypotheses(in: image)
        guard let (chosen, confidence) = printedChoice(among: all, in: image) else { return nil }
        var quad = all[chosen].quad
        if options.refinesCorners {
            let factor = Double(workingFactor(for: image))
            let refiner = EdgeRefiner(band: factor + options.refinementBand, spacing: max(4, 2 * factor))
            var refined = refiner.refine(quad.corners, in: image)
            if options.findsCornerTips {
                refined = CornerTips().tips(refined, in: image)
            }
            if let q = try? Quad(corners: refined), q.isValid(in: nil) {
                quad = q
            }
        }
        if options.extendsOverPrint {
            let extended = PrintBeyondSides().extend(quad.corners, in: image)
            if let q = try? Quad(corners: extended), q.isValid(in: nil) {
                quad = q
            }
        }
        if options.extendsCutPages {
            let extender = CutPageExtender(aspectRatio: options.cutPageAspectRatio, focalLength: focalLength)
            let extended = extender.extend(quad.corners, in: image)
            if let q = try? Quad(corners: extended), q.isValid(in: nil) {
                quad = q
            }
        }
        var rejected = all
        rejected.remove(at: chosen)
        return Detection(quad: quad.ordered(), confidence: confidence,
                         rejected: Array(rejected.prefix(options.keptHypotheses)))
    }

    /// The best hypotheses (at most `options.rerankedHypotheses`, and `secondLookHypotheses` more
    /// after a second look), best first, in full-resolution coordinates and contract order,
    /// coarse (not refined); empty when the image is too small or has no plausible quad.
    public func hypotheses(in image: Image<RGB8>) -> [Detection.Hypothesis] {
        let (ordered, factor) = workingHypotheses(in: image)
        return ordered.compactMap { Self.hypothesis($0, factor: factor, in: image) }
    }

    /// `quad` in `image`'s full-resolution coordinates (`fullResolution`, working coordinates times
    /// `factor`) and contract order, with its confidence; nil when its corners make no quad.
    static func hypothesis(_ quad: WorkingQuad, factor: Double, in image: Image<RGB8>) -> Detection.Hypothesis? {
        let toFullX = fullResolution(factor: factor, photoSide: image.width)
        let toFullY = fullResolution(factor: factor, photoSide: image.height)
        let points = (0..<4).map { Point(toFullX(quad.x[$0]), toFullY(quad.y[$0])) }
        guard let q = try? Quad(corners: points) else { return nil }
        return Detection.Hypothesis(quad: q.ordered(), confidence: quad.confidence)
    }

    /// Maps a working coordinate along a photo side of `photoSide` pixels to full resolution.
    /// The working frame leaves out the photo's last rows and columns that do not fill a whole
    /// block (up to `factor` − 1 pixels), so a coordinate on its far border (within
    /// `RegionCandidates.borderTolerance`), or beyond it, moves out by what was left out: a side
    /// the frame cut lies on the photo's border, where `CutPageExtender` looks for it.
    static func fullResolution(factor: Double, photoSide: Int) -> (Double) -> Double {
        let workingSide = Double(photoSide / Int(factor))
        let leftOut = Double(photoSide) - workingSide * factor
        return { v in
            v * factor + (v >= workingSide - RegionCandidates.borderTolerance ? leftOut : 0)
        }
    }

    /// The hypotheses in working coordinates, best first, the first few with their
    /// `PageEvidence`, and the working-to-full-resolution scale factor.
    func workingHypotheses(in image: Image<RGB8>) -> (quads: [WorkingQuad], factor: Double) {
        do throws(DetectionError) {
            try Self.check(image)
        } catch {
            return ([], 1)
        }
        let stages = LineStages(image: image, options: options)
        let (planes, gradient, edges, cosTolerance) = (stages.planes, stages.gradient, stages.edges, stages.cosTolerance)
        let lines = stages.lines(maximumLines: options.maximumLines)
        let search = QuadSearch(width: planes.width, height: planes.height, options: options)
        let searched = max(options.verifiedHypotheses, options.keptHypotheses + 1)
        var candidates = search.hypotheses(lines: lines, count: searched)
        candidates += PanelUnion.unions(of: candidates, lines: lines).filter { !search.isTooThin(x: $0.x, y: $0.y) }
        candidates += FrameClosure.variants(of: candidates, lines: lines, search: search)
        let verifier = HypothesisVerifier(stages: stages, options: options)
        let lineQuads = rankedOutlines(candidates, lines: lines, verifier: verifier)
        let regionFinder = RegionCandidates(minimumAreaFraction: options.minimumAreaFraction)
        /// Region hypotheses the verifier gives any confidence (the others are not solid, not
        /// quad-shaped, or show no step at their border), heaviest first; `snapping` moves their
        /// sides onto the edges first (`RegionSnapper`).
        let snapper = RegionSnapper(edges: edges, gradient: gradient, cosTolerance: cosTolerance)
        func regionHypotheses(_ regions: [RegionCandidates.Region], snapping: Bool) -> [WorkingQuad] {
            regions.map { region in
                var region = region
                // (A region of no shape has no confidence wherever its sides lie.)
                if snapping && verifier.shape(of: region) > 0 {
                    (region.x, region.y) = snapper.snapped(x: region.x, y: region.y)
                }
                return WorkingQuad(x: region.x, y: region.y, confidence: verifier.confidence(of: region), isRegion: true)
            }
                .filter { $0.confidence > 0 && !search.isTooThin(x: $0.x, y: $0.y) }
                .sorted { $0.weight > $1.weight }
        }
        let regions = regionHypotheses(regionFinder.regions(in: planes), snapping: true)
        var ordered = lineQuads
        if let region = regions.first {
            ordered = WorkingQuad.merge(lineHypotheses: ordered, region: region)
        }
        var measurer = EvidenceMeasurer(
            evidence: PageEvidence(planes: planes, edges: edges, gradient: gradient, lines: lines, verifier: verifier,
                                   cosTolerance: cosTolerance),
            lineOutline: lineQuads.first.map { (x: $0.x, y: $0.y) },
            regionOutline: regions.first.map { (x: $0.x, y: $0.y) },
            threshold: options.confidenceThreshold)
        // The evidence model re-ranks the first few and gives them their confidence; the rest,
        // never measured, are dropped (but for the whole page of an accepted panel, which the
        // search may rank lower, `wholePage`), unless the gate accepts none of the first few, or
        // only just: then a second look measures the next few and the best region of a
        // yellow–blue split (a white sheet on a warm table, which the light regions merge with the
        // table), of which only an unambiguous page may be chosen, and the outline the lines give
        // around that region. An accepted choice whose paper goes on past a side may first be
        // widened to that outline.
        let first = measurer.measure(Array(ordered.prefix(options.rerankedHypotheses)))
        let decided = wholePage(of: decide(first, evidence: measurer.evidence),
                                among: ordered.dropFirst(options.rerankedHypotheses), measurer: &measurer)
        let accepted = (decided.first?.confidence ?? 0) >= options.confidenceThreshold
        let looksAgain = Self.looksAgain(after: decided.first?.confidence ?? 0, options: options)
        guard accepted ? options.widensToSheet || looksAgain : looksAgain else {
            let page = printedPageFirst(decided, in: image, factor: planes.factor)
            return (fittedToThePage(page, evidence: measurer.evidence), Double(planes.factor))
        }
        // The larger budget of lines, found once for the guided search and the last look's wider
        // one.
        var foundMoreLines: [DetectedLine]?
        func moreLines() -> [DetectedLine] {
            if let found = foundMoreLines { return found }
            let found = stages.lines(maximumLines: options.secondLookLines)
            foundMoreLines = found
            return found
        }
        // A sheet whose faint sides rank too low among the scene's strong edges for the open search
        // (a white sheet on a pale, cluttered desk): the tint region, cables and pens across it
        // bridged, says roughly where it is, and a larger budget of lines exactly
        // (`RegionGuidedSearch`); `worthMeasuring` may pass over the outline before it is verified
        // and measured.
        func guidedOutline(around tint: WorkingQuad,
                           worthMeasuring: (WorkingQuad) -> Bool = { _ in true }) -> WorkingQuad? {
            let moreLines = moreLines()
            guard let outline = RegionGuidedSearch().outline(x: tint.x, y: tint.y, lines: moreLines, search: search),
                  worthMeasuring(WorkingQuad(x: outline.x, y: outline.y, confidence: 0)) else {
                return nil
            }
            let verified = verifier.verify(outline, lines: moreLines)
            return measurer.measure([WorkingQuad(x: verified.x, y: verified.y, confidence: verified.confidence)]).first
        }
        // The yellow–blue split, made once for the widening and the second look; the second
        // look also reads its regions as drawn.
        var foundSplit: (drawn: [RegionCandidates.Region], bridged: [RegionCandidates.Region])?
        func tintSplit() -> (drawn: [RegionCandidates.Region], bridged: [RegionCandidates.Region]) {
            if let found = foundSplit { return found }
            let found = regionFinder.colourRegions(in: planes, drawing: looksAgain)
            foundSplit = found
            return found
        }
        if accepted, let choice = decided.first {
            // The accepted outline may be part of a sheet (a box printed on it, or a side found on
            // print), when its paper goes on past a side: the outline around the tint region is
            // then the sheet if it encloses the choice, passes the gate and is that paper.
            let widening = SheetWidening(threshold: options.confidenceThreshold, enclosedShare: options.enclosedShare)
            if options.widensToSheet, measurer.evidence.paperGoesOn(pastASideOf: choice),
               let tint = regionHypotheses(tintSplit().bridged, snapping: false).first,
               let sheet = guidedOutline(around: tint, worthMeasuring: { widening.encloses($0, choice) }),
               widening.isSheet(sheet, of: choice, evidence: measurer.evidence) {
                return (fittedToThePage([sheet] + decided, evidence: measurer.evidence), Double(planes.factor))
            }
            if !looksAgain {
                return (fittedToThePage(decided, evidence: measurer.evidence), Double(planes.factor))
            }
        }
        // The tint region is measured as drawn: snapped, it found three more pages on the
        // generator's sets but gave seed 9 a false positive (a keyboard, a phone and a mug).
        let tintRegions = tintSplit()
        let tint = regionHypotheses(tintRegions.bridged, snapping: false).first
        let next = Array(ordered.dropFirst(options.rerankedHypotheses).prefix(options.secondLookHypotheses))
        var further: [WorkingQuad] = []
        if options.secondLookVerified > searched {
            // Quads the search ranked below the first `searched`, where a page with a faint or
            // covered side may lie, verified now that the first look found no sure page.
            let lower = search.hypotheses(lines: lines, count: options.secondLookVerified).dropFirst(searched)
            further = Array(rankedOutlines(Array(lower), lines: lines, verifier: verifier)
                .prefix(options.secondLookHypotheses))
        }
        let colour = regionHypotheses(tintRegions.drawn, snapping: false)
        // Region and lines agree on the guided outline, so the gate alone decides, unless its
        // margin is coloured (a phone's back, a panel on a screen); measured like the others
        // against the light region, it is scored with the tint region's agreement below.
        var guided: [WorkingQuad] = []
        if let tint, let outline = guidedOutline(around: tint), !outline.hasColouredMargin {
            guided = [outline]
        }
        let looked = measurer.measure(next + further + colour.prefix(1))
        // A page the light regions missed (coloured paper, or paper as light as the table) lacks
        // their agreement; the tint region may still have parted it from the table. Only an
        // outline the agreement carries through the gate is new (one still doubted would merely
        // compete with what the rest of the second look accepts).
        let agreed = tint.map {
            measurer.agreeing(first + looked + guided, with: $0, minimumOverlap: options.tintAgreementOverlap)
                .filter { $0.confidence >= options.confidenceThreshold }
        } ?? []
        var second = (looked + agreed).filter(WorkingQuad.isUnambiguousPage) + guided
        if accepted, let choice = decided.first {
            second = Self.apart(second, from: choice)
        }
        var final = second.isEmpty ? decided : decide(first + second, evidence: measurer.evidence)
        // The least certain outlines of all, measured only when the second look still finds no
        // page, and chosen only when unambiguous (`lastLook`).
        if (final.first?.confidence ?? 0) < options.confidenceThreshold {
            let pages = lastLook(lines: lines, moreLines: moreLines, stages: stages, search: search, verifier: verifier,
                                 measured: first + looked + guided, measurer: &measurer)
            if !pages.isEmpty { final = decide(first + second + pages, evidence: measurer.evidence) }
        }
        // A page whose sides are too faint for any look at the working size (`coarseLook`), on a
        // coarser copy, and when none is found there either, on a second one.
        for longSide in [options.coarseLookLongSide, options.secondCoarseLookLongSide]
        where (final.first?.confidence ?? 0) < options.confidenceThreshold {
            if let page = coarseLook(in: image, longSide: longSide, workingFactor: planes.factor, measurer: &measurer) {
                final = decide([page] + final, evidence: measurer.evidence)
            }
        }
        final = printedPageFirst(final, in: image, factor: planes.factor)
        return (fittedToThePage(final, evidence: measurer.evidence), Double(planes.factor))
    }

    /// `ordered` with the accepted page's outline taken in to the page's edge from any side found
    /// on the table past it (`PageEvidence.excludingTable`), then out to the page's edge past any
    /// side found on print (`PageEvidence.includingPaper`; where no line shows that edge, to where
    /// the neighbouring sides end, `PageEvidence.includingRunOn`), then over any band printed to
    /// its edge (`PageEvidence.includingBands`); the rest as they are.
    private func fittedToThePage(_ ordered: [WorkingQuad], evidence: PageEvidence) -> [WorkingQuad] {
        guard var page = ordered.first, page.confidence >= options.confidenceThreshold else { return ordered }
        (page.x, page.y) = evidence.excludingTable(x: page.x, y: page.y)
        (page.x, page.y) = evidence.includingPaper(x: page.x, y: page.y)
        (page.x, page.y) = evidence.includingRunOn(x: page.x, y: page.y)
        (page.x, page.y) = evidence.includingBands(x: page.x, y: page.y)
        return [page] + ordered.dropFirst()
    }

    /// Whether the first look's choice, of `confidence`, leaves the second look to run: when the
    /// gate accepts none, or accepts one only just (under `DetectionOptions.secondLookBelow`).
    /// Such a choice is first widened to its sheet where it can be; the second look runs only when
    /// it is not.
    static func looksAgain(after confidence: Double, options: DetectionOptions) -> Bool {
        options.secondLookHypotheses > 0 && confidence < max(options.confidenceThreshold, options.secondLookBelow)
    }

    /// Polygon IoU under which an outline is apart from an accepted first choice, an outline of
    /// another object (`DetectionOptions.secondLookBelow`).
    static let apartOverlap = 0.2

    /// The `outlines` apart from `choice` (polygon IoU under `apartOverlap`).
    static func apart(_ outlines: [WorkingQuad], from choice: WorkingQuad) -> [WorkingQuad] {
        outlines.filter { Polygon.intersectionOverUnion($0.corners, choice.corners) < apartOverlap }
    }

    /// Checks that an image is large enough to search.
    /// - Throws: `DetectionError.imageTooSmall` when either side is below `minimumImageSide`.
    public static func check(_ image: Image<RGB8>) throws(DetectionError) {
        if image.width < minimumImageSide || image.height < minimumImageSide {
            throw .imageTooSmall(width: image.width, height: image.height, minimum: minimumImageSide)
        }
    }

    /// `quads` verified (`HypothesisVerifier`) and ranked, best first, as outlines with the
    /// verifier's confidence: by their evidence score (backed minus unbacked outline, which
    /// prefers a whole page over one of its panels) weighted by confidence (which keeps clutter
    /// with long edges from winning on size alone).
    func rankedOutlines(_ quads: [ScoredQuad], lines: [DetectedLine], verifier: HypothesisVerifier) -> [WorkingQuad] {
        func rankingKey(_ q: ScoredQuad) -> Double { max(0, q.score) * q.confidence }
        return verifier.verify(quads, lines: lines)
            .sorted { rankingKey($0) > rankingKey($1) }
            .map { WorkingQuad(x: $0.x, y: $0.y, confidence: $0.confidence) }
    }

    private func workingFactor(for image: Image<RGB8>) -> Int {
        ColorPlanes.factor(longSide: max(image.width, image.height), target: options.workingLongSide)
    }
}

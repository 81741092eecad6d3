import ScanCore

extension DocumentDetector {
    /// The pages of the last look, when neither the first nor the second finds one: outlines the
    /// lines show on three sides only, closed where two opposite sides end (`ThreeSidedSearch`,
    /// `options.secondLookThreeSided`: a fourth side too faint to make a line), and the best of
    /// the open search over `moreLines`, the second look's larger budget
    /// (`options.widerSearchVerified` verified, of which `options.widerSearchMeasured` not nearly
    /// the same as an outline in `measured`: a side broken into stretches too short to make a
    /// line among the first few, by a coin or a finger over it or a cast shadow across it).
    /// Measured together, only the unambiguous pages (`WorkingQuad.isUnambiguousPage`) are
    /// returned: the least certain outlines of all, among many more of the scene's clutter. Of
    /// the wider search's, one whose paper goes on past a side (`PageEvidence.paperGoesOn`) is
    /// part of a sheet, a block of print or a strip between a pen and a cable on it, and is left
    /// out.
    func lastLook(lines: [DetectedLine], moreLines: () -> [DetectedLine], stages: LineStages, search: QuadSearch,
                  verifier: HypothesisVerifier, measured: [WorkingQuad],
                  measurer: inout EvidenceMeasurer) -> [WorkingQuad] {
        var wider: [WorkingQuad] = []
        if options.widerSearchVerified > 0 && options.widerSearchMeasured > 0 {
            let moreLines = moreLines()
            let quads = search.hypotheses(lines: moreLines, count: options.widerSearchVerified)
            let duplicateOverlap = options.duplicateOverlap
            wider = Array(rankedOutlines(quads, lines: moreLines, verifier: verifier)
                .lazy
                .filter { quad in
                    !measured.contains { Polygon.intersectionOverUnion(quad.corners, $0.corners) > duplicateOverlap }
                }
                .prefix(options.widerSearchMeasured))
        }
        var threeSided: [WorkingQuad] = []
        if options.secondLookThreeSided > 0 {
            let open = ThreeSidedSearch(search: search, minimumAreaFraction: options.threeSidedMinimumArea)
                .hypotheses(lines: lines, stages: stages, count: options.secondLookThreeSided)
            threeSided = rankedOutlines(open.quads, lines: open.lines, verifier: verifier)
        }
        guard !(wider.isEmpty && threeSided.isEmpty) else { return [] }
        let pages = measurer.measure(wider + threeSided)
        let evidence = measurer.evidence
        return pages.indices.filter { index in
            WorkingQuad.isUnambiguousPage(pages[index])
                && (index >= wider.count || !evidence.paperGoesOn(pastASideOf: pages[index]))
        }.map { pages[$0] }
    }
}

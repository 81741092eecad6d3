import ScanCore
import Testing
@testable import ScanDetect

/// The last look (`DocumentDetector.lastLook`): the wider search's outlines and the three-sided
/// ones, of which only unambiguous pages are returned, none of the wider search's with paper
/// going on past a side.
@Suite("Last look")
struct LastLookTests {
    /// The pages the last look returns for `image`, measured against nothing before it, and the
    /// evidence they were measured with.
    static func lastLook(in image: Image<RGB8>, options: DetectionOptions = DetectionOptions())
        throws -> (pages: [WorkingQuad], evidence: PageEvidence) {
        let detector = try DocumentDetector(options: options)
        let stages = LineStages(image: image, options: options)
        let lines = stages.lines(maximumLines: options.maximumLines)
        let search = QuadSearch(width: stages.planes.width, height: stages.planes.height, options: options)
        let verifier = HypothesisVerifier(stages: stages, options: options)
        let evidence = PageEvidence(planes: stages.planes, edges: stages.edges, gradient: stages.gradient, lines: lines,
                                    verifier: verifier, cosTolerance: stages.cosTolerance)
        var measurer = EvidenceMeasurer(evidence: evidence, lineOutline: nil, regionOutline: nil,
                                        threshold: options.confidenceThreshold)
        let pages = detector.lastLook(lines: lines, moreLines: { stages.lines(maximumLines: options.secondLookLines) },
                                      stages: stages, search: search, verifier: verifier, measured: [],
                                      measurer: &measurer)
        return (pages, evidence)
    }

    /// A sheet on a flat grey desk with a box printed on it, its frame 3 pixels wide and rows of
    /// print inside.
    static var printedBox: Image<RGB8> {
        var scene = Scene(width: 720, height: 480, page: SheetWideningTests.sheet)
        scene.background = .flat(RGB8(110, 112, 118))
        let c = SheetWideningTests.box.corners
        scene.patches = (0..<4).map { k in
            let p = c[k], q = c[(k + 1) % 4]
            let d = q - p, n = Point(-d.y, d.x) * (1.5 / d.length)
            return Scene.Patch(corners: [p + n, q + n, q - n, p - n], colour: RGB8(30, 30, 40), overPage: true)
        }
        scene.patches += (0..<6).map { row in
            let y = 140 + 18 * Double(row)
            return Scene.Patch(corners: [Point(275, y), Point(440, y + 3), Point(440, y + 8), Point(275, y + 5)],
                               colour: RGB8(40, 40, 50), overPage: true)
        }
        return scene.render()
    }

    /// The wider search's best outlines on this scene are the sheet and the sheet closed on a
    /// side of the box instead of its own (measured as unambiguous pages, confidence 0.71–0.79):
    /// those have paper past that side and are left out.
    @Test("of a sheet with a box printed on it, the sheet is a page of the last look, outlines closed on the box are not")
    func sheetNotOutlinesOnItsBox() throws {
        var options = DetectionOptions()
        options.secondLookThreeSided = 0
        options.widerSearchMeasured = 8
        let (pages, evidence) = try Self.lastLook(in: Self.printedBox, options: options)
        let factor = Double(evidence.planes.factor)
        let sheet = PageEvidenceTests.working(SheetWideningTests.sheet, factor: factor)
        let sheetCorners = (0..<4).map { Point(sheet.x[$0], sheet.y[$0]) }
        #expect(pages.contains { Polygon.intersectionOverUnion($0.corners, sheetCorners) >= 0.9 })
        for page in pages {
            let paperPastASide = evidence.paperGoesOn(pastASideOf: page)
            #expect(!paperPastASide, "an outline closed on print: \(page.corners)")
        }
    }
}

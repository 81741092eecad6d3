import ScanCore
import Testing
@testable import ScanDetect

/// The second look's tint agreement: a line hypothesis the light regions missed is measured
/// again with its agreement with the tint region (`EvidenceMeasurer.agreeing`,
/// `DetectionOptions.tintAgreementOverlap`).
@Suite("Tint agreement")
struct TintAgreementTests {
    /// A plain page on a desk, as in `PageEvidenceTests`.
    static let page = PageEvidenceTests.outline

    static func measurer(region: Quad?) -> (measurer: EvidenceMeasurer, factor: Double) {
        var scene = Scene(width: 720, height: 480, page: page)
        scene.background = .flat(RGB8(95, 75, 60))
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let outline = region.map { PageEvidenceTests.working($0, factor: factor) }
        return (EvidenceMeasurer(evidence: evidence, lineOutline: nil, regionOutline: outline, threshold: 0.4), factor)
    }

    static func hypothesis(_ quad: Quad, factor: Double, isRegion: Bool = false) -> WorkingQuad {
        let w = PageEvidenceTests.working(quad, factor: factor)
        return WorkingQuad(x: w.x, y: w.y, confidence: 0, isRegion: isRegion)
    }

    @Test("an outline the tint region agrees with takes that agreement and is scored anew")
    func agreementRaised() throws {
        var (measurer, factor) = Self.measurer(region: nil)
        let measured = measurer.measure([Self.hypothesis(Self.page, factor: factor)])
        #expect(measured[0].features[PageEvidence.agreementFeature] == 0)
        let tint = Self.hypothesis(SheetWideningTests.scaled(Self.page, by: 1.03), factor: factor, isRegion: true)
        let agreed = measurer.agreeing(measured, with: tint, minimumOverlap: 0.8)
        #expect(agreed.count == 1)
        let quad = try #require(agreed.first)
        let overlap = Polygon.intersectionOverUnion(quad.corners, tint.corners)
        #expect(overlap > 0.9)
        #expect(quad.features[PageEvidence.agreementFeature] == overlap)
        // Agreement is evidence for a page, in both models.
        #expect(quad.confidence > measured[0].confidence)
        #expect(quad.rankScore > measured[0].rankScore)
        #expect(quad.confidence == ConfidenceModel.confidence(quad.features))
    }

    @Test("a tint region that merely overlaps the outline, or a region hypothesis, adds nothing")
    func onlyAgreeingLineOutlines() {
        var (measurer, factor) = Self.measurer(region: nil)
        let measured = measurer.measure([Self.hypothesis(Self.page, factor: factor),
                                         Self.hypothesis(Self.page, factor: factor, isRegion: true)])
        let tint = Self.hypothesis(SheetWideningTests.scaled(Self.page, by: 1.03), factor: factor, isRegion: true)
        // The region hypothesis is itself a region: the tint does not confirm it.
        #expect(measurer.agreeing(measured, with: tint, minimumOverlap: 0.8).count == 1)
        let larger = Self.hypothesis(SheetWideningTests.scaled(Self.page, by: 1.2), factor: factor, isRegion: true)
        let overlap = Polygon.intersectionOverUnion(measured[0].corners, larger.corners)
        #expect(overlap > 0.6 && overlap < 0.8)
        #expect(measurer.agreeing(measured, with: larger, minimumOverlap: 0.8).isEmpty)
        #expect(measurer.agreeing(measured, with: larger, minimumOverlap: 0.6).count == 1)
        // Unmeasured hypotheses have no features to change.
        #expect(measurer.agreeing([Self.hypothesis(Self.page, factor: factor)], with: tint, minimumOverlap: 0).isEmpty)
    }

    @Test("a closer agreement with the light region is kept")
    func higherAgreementKept() {
        var (measurer, factor) = Self.measurer(region: Self.page)
        let measured = measurer.measure([Self.hypothesis(Self.page, factor: factor)])
        let before = measured[0].features[PageEvidence.agreementFeature]
        #expect(before > 0.99)
        let tint = Self.hypothesis(SheetWideningTests.scaled(Self.page, by: 1.05), factor: factor, isRegion: true)
        let agreed = measurer.agreeing(measured, with: tint, minimumOverlap: 0.8)
        #expect(agreed.first?.features[PageEvidence.agreementFeature] == before)
        #expect(agreed.first?.confidence == measured[0].confidence)
    }

    /// A library card under a finger on a wooden table, from the generator's seed 14
    /// (finger_0006, at half size): the light region runs on into the table, so the card's line
    /// outline lacks its agreement and the gate doubts it on either look, unless the tint
    /// region, which parts card from table, agrees.
    @Test("a card the light regions miss is found with the tint region's agreement (JI ≥ 0.98)")
    func cardFoundByAgreement() throws {
        let photo = try fixturePhoto("agreement/finger_0006.jpg")
        let truth = Quad(topLeft: Point(91.4055, 40.946), topRight: Point(625.453, 17.147),
                         bottomRight: Point(695.9935, 354.964), bottomLeft: Point(56.784, 399.921))
        try expectDetected(in: photo, truth: truth, least: 0.98)
        var options = DetectionOptions()
        options.tintAgreementOverlap = 2
        #expect(try DocumentDetector(options: options).detect(in: photo) == nil)
    }
}

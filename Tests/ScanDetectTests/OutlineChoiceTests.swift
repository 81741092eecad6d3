#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore
import Testing
@testable import ScanDetect

/// Which of the re-ranked hypotheses comes first when the rank model's choice fails the gate.
@Suite("Outline choice")
struct OutlineChoiceTests {
    static func quad(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, confidence: Double, rank: Double) -> WorkingQuad {
        var q = WorkingQuad(x: SIMD4(x0, x1, x1, x0), y: SIMD4(y0, y0, y1, y1), confidence: confidence)
        q.rankScore = rank
        return q
    }

    static func choose(_ ranked: [WorkingQuad]) -> [WorkingQuad] {
        let options = DetectionOptions()
        return WorkingQuad.acceptedOutlineFirst(ranked, threshold: options.confidenceThreshold,
                                                sameObjectOverlap: options.sameObjectOverlap, enclosedShare: options.enclosedShare)
    }

    /// A photo box on a card ranks first but is doubted; the card around it passes.
    static let panel = quad(110, 130, 160, 200, confidence: 0.3, rank: 0.8)
    static let card = quad(100, 100, 260, 200, confidence: 0.7, rank: 0.5)

    @Test("an accepted outline enclosing a doubted first choice goes first")
    func enclosingOutlineFirst() {
        let chosen = Self.choose([Self.panel, Self.quad(300, 10, 400, 60, confidence: 0.9, rank: 0.4), Self.card])
        #expect(chosen.first?.x == Self.card.x && chosen.first?.y == Self.card.y)
        #expect(chosen.count == 3)
    }

    /// An accepted outline away from the doubted first choice, measured with a margin of the
    /// given chroma.
    static func elsewhere(chroma: Double?, rank: Double) -> WorkingQuad {
        let q = quad(300, 10, 400, 60, confidence: 0.9, rank: rank)
        return chroma.map { measured(q, [PageEvidence.balancedChromaFeature: $0]) } ?? q
    }

    @Test("a likelier plain white outline elsewhere displaces a doubted first choice")
    func plainOutlineElsewhereFirst() {
        // 0.4 × 0.9 against the panel's 0.8 × 0.3.
        let white = Self.elsewhere(chroma: 0.05, rank: 0.4)
        #expect(Self.choose([Self.panel, white]).first?.x == white.x)
    }

    @Test("a coloured, implausible or unmeasured outline elsewhere does not",
          arguments: [(Double?.some(0.3), 0.4), (.some(0.05), 0.05), (nil, 0.4)])
    func otherOutlineElsewhereStays(chroma: Double?, rank: Double) {
        // A first choice the rank model barely prefers (0.1 × 0.3), so each loses on its own
        // condition, not on the product.
        var doubted = Self.panel
        doubted.rankScore = 0.1
        let chosen = Self.choose([doubted, Self.elsewhere(chroma: chroma, rank: rank)])
        #expect(chosen.first?.x == doubted.x)
    }

    @Test("an outline holding only part of the first choice does not count as enclosing it")
    func partialOverlapStays() {
        // Holds 40 % of the panel's area, IoU well under the same-object overlap.
        let partial = Self.quad(140, 100, 300, 220, confidence: 0.9, rank: 0.5)
        let chosen = Self.choose([Self.panel, partial])
        #expect(chosen.first?.x == Self.panel.x)
    }

    @Test("against a first choice accepted only just, the second look's outlines of the same object do not compete")
    func secondLookApart() {
        let magazine = Self.quad(10, 40, 90, 160, confidence: 0.45, rank: 0.3)
        let page = Self.quad(170, 60, 310, 220, confidence: 0.9, rank: 0.6)
        // The magazine's cover alone, and the cover with a strip of desk: the same object.
        let cover = Self.quad(14, 60, 88, 150, confidence: 0.8, rank: 0.5)
        let widened = Self.quad(10, 40, 120, 160, confidence: 0.7, rank: 0.4)
        // Overlapping it a little: a sheet lying partly under it is another object.
        let under = Self.quad(80, 100, 200, 240, confidence: 0.6, rank: 0.4)
        let apart = DocumentDetector.apart([cover, page, widened, under], from: magazine)
        #expect(apart.map(\.x) == [page.x, under.x])
    }

    @Test("the second look runs when the gate accepts no first choice or one only just, unless switched off")
    func secondLookRuns() {
        var options = DetectionOptions()
        options.confidenceThreshold = 0.4
        options.secondLookBelow = 0.5
        #expect(DocumentDetector.looksAgain(after: 0, options: options))
        #expect(DocumentDetector.looksAgain(after: 0.39, options: options))
        #expect(DocumentDetector.looksAgain(after: 0.45, options: options))
        #expect(!DocumentDetector.looksAgain(after: 0.5, options: options))
        #expect(!DocumentDetector.looksAgain(after: 0.9, options: options))
        // At or below the gate's threshold, only a choice the gate refuses leaves it to run.
        options.secondLookBelow = 0
        #expect(DocumentDetector.looksAgain(after: 0.39, options: options))
        #expect(!DocumentDetector.looksAgain(after: 0.45, options: options))
        options.secondLookHypotheses = 0
        #expect(!DocumentDetector.looksAgain(after: 0, options: options))
    }

    /// `quad` with its features measured: all 0 except `values` (by feature index).
    static func measured(_ quad: WorkingQuad, _ values: [Int: Double] = [:]) -> WorkingQuad {
        var q = quad
        q.features = [Double](repeating: 0, count: PageEvidence.featureCount)
        for (index, value) in values { q.features[index] = value }
        return q
    }

    /// A yellow sticky note's outline, 60 × 60, stuck over the card's right edge with 40 % of it
    /// beyond, vetoed as a note (square and coloured).
    static var note: WorkingQuad {
        measured(quad(224, 120, 284, 180, confidence: 0, rank: 0.8),
                 [PageEvidence.balancedChromaFeature: 0.45, PageEvidence.squarenessFeature: 1])
    }

    @Test("the page a sticky note is stuck on goes first, though the note overhangs it")
    func pageUnderANoteFirst() {
        #expect(ConfidenceModel.stickyNote(Self.note.features) == 1)
        let chosen = Self.choose([Self.note, Self.card])
        #expect(chosen.first?.x == Self.card.x && chosen.first?.y == Self.card.y)
    }

    @Test("an outline a vetoed sticky note fills half of is the note run on over the desk, not the page under it")
    func noteRunOnStays() {
        // 90 × 80 around the 60 × 60 note: the note covers half of it.
        let around = Self.quad(200, 110, 290, 190, confidence: 0.7, rank: 0.5)
        #expect(Self.choose([Self.note, around]).first?.x == Self.note.x)
        // The card the note overhangs is large enough to be a page: the note covers 14 % of it.
        #expect(Self.choose([Self.note, around, Self.card]).first?.x == Self.card.x)
    }

    @Test("a receipt under a note stuck askew goes first, though the note covers nearly half of it")
    func pageUnderAnAskewNoteFirst() {
        // A 100 × 200 receipt and a square note turned 45° on it, 20 pixels over each long side:
        // the note holds 9,000 of the receipt's 20,000 square pixels.
        let receipt = Self.quad(100, 100, 200, 300, confidence: 0.8, rank: 0.2)
        var askew = Self.note
        askew.x = SIMD4(150, 220, 150, 80)
        askew.y = SIMD4(110, 180, 250, 180)
        #expect(abs(WorkingQuad.sideTurn(of: receipt.corners, to: askew.corners) - 45) < 1e-9)
        #expect(Self.choose([askew, receipt]).first?.x == receipt.x)
    }

    @Test("the side turn is the least angle from a side of the outline to the square's sides, modulo a right angle")
    func sideTurnToASquare() {
        let square = Self.quad(0, 0, 10, 10, confidence: 0, rank: 0).corners
        let wide = Self.quad(0, 0, 40, 10, confidence: 0, rank: 0).corners
        #expect(WorkingQuad.sideTurn(of: wide, to: square) < 1e-9)
        let turned = square.map { Point(x: $0.x * cos(0.3) - $0.y * sin(0.3), y: $0.x * sin(0.3) + $0.y * cos(0.3)) }
        #expect(abs(WorkingQuad.sideTurn(of: wide, to: turned) - 0.3 * 180 / .pi) < 1e-6)
        // The note run on: two sides along the note's, two across the desk at other angles.
        let runOn = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 30, y: 25), Point(x: 0, y: 10)]
        #expect(WorkingQuad.sideTurn(of: runOn, to: square) < 1e-9)
    }

    @Test("an outline holding as much of a doubted outline that is no note does not displace it")
    func overhangingPanelStays() {
        let panel = Self.measured(Self.note)
        let chosen = Self.choose([panel, Self.card])
        #expect(chosen.first?.x == panel.x)
    }

    /// `panel` with its features measured, `borderSides` of its sides on the frame's border.
    static func measuredPanel(borderSides: Double) -> WorkingQuad {
        measured(panel, [PageEvidence.borderFeature: borderSides])
    }

    @Test("an accepted outline enclosing a doubted panel inside the frame goes first, however it ranks")
    func enclosingOutlineOutranked() {
        // The rank model prefers the photo box (0.8 × 0.3) to the card (0.1 × 0.7).
        var card = Self.card
        card.rankScore = 0.1
        let chosen = Self.choose([Self.measuredPanel(borderSides: 0), card])
        #expect(chosen.first?.x == card.x && chosen.first?.y == card.y)
        // A doubted outline the frame cuts may be an object running off it, not a printed panel.
        let cut = Self.choose([Self.measuredPanel(borderSides: 1), card])
        #expect(cut.first?.x == Self.panel.x)
    }

    @Test("an accepted outline of the same object as a doubted one inside the frame goes first, however it ranks")
    func sameObjectOutranked() {
        // The page's outline twice, found 20 pixels apart (IoU 0.78, the accepted one holding
        // 88 % of the doubted one): the rank model prefers the doubted one (0.8 × 0.3) to the
        // accepted one (0.1 × 0.7).
        var doubted = Self.measuredPanel(borderSides: 0)
        doubted.x = SIMD4(120, 280, 280, 120)
        doubted.y = SIMD4(100, 100, 200, 200)
        let accepted = Self.quad(100, 100, 260, 200, confidence: 0.7, rank: 0.1)
        let chosen = Self.choose([doubted, accepted])
        #expect(chosen.first?.x == accepted.x)
    }

    @Test("a first choice the gate accepts keeps its place")
    func acceptedFirstChoiceStays() {
        var accepted = Self.panel
        accepted.confidence = 0.5
        let chosen = Self.choose([accepted, Self.card])
        #expect(chosen.first?.x == accepted.x)
    }

    /// The note (60 × 60) run on 16 pixels to the right by a faint line: no longer square, as
    /// coloured as the note, and mostly it (IoU 0.79).
    static var noteRunOn: WorkingQuad {
        var q = quad(224, 120, 300, 180, confidence: 0.9, rank: 0.5)
        q.features = note.features
        q.features[PageEvidence.squarenessFeature] = 0
        return q
    }

    @Test("an outline that is mostly a vetoed sticky note is vetoed with it")
    func noteRunOnVetoed() {
        #expect(ConfidenceModel.stickyNote(Self.noteRunOn.features) == 0)
        let vetoed = WorkingQuad.vetoingNoteOutlines([Self.noteRunOn, Self.note])
        #expect(vetoed.map(\.confidence) == [0, 0])
    }

    @Test("a coloured page with a note-like square on it is not vetoed")
    func pageAroundASquareStays() {
        // A yellow A4 page, 120 × 170, whose top 120 × 120 panel reads as a note (IoU 0.71).
        var page = Self.quad(224, 120, 344, 290, confidence: 0.9, rank: 0.5)
        page.features = Self.noteRunOn.features
        var square = Self.note
        square.x = SIMD4(224, 344, 344, 224)
        square.y = SIMD4(120, 120, 240, 240)
        let kept = WorkingQuad.vetoingNoteOutlines([page, square])
        #expect(kept.first?.confidence == 0.9)
    }

    @Test("a white outline overlapping a note keeps its confidence")
    func whiteOutlineStays() {
        var white = Self.noteRunOn
        white.features[PageEvidence.balancedChromaFeature] = 0.05
        #expect(WorkingQuad.vetoingNoteOutlines([white, Self.note]).first?.confidence == 0.9)
    }

    static func surest(_ ranked: [WorkingQuad]) -> [WorkingQuad] {
        let options = DetectionOptions()
        return WorkingQuad.surestDuplicateFirst(ranked, threshold: options.confidenceThreshold,
                                                duplicateOverlap: options.duplicateOverlap)
    }

    @Test("of nearly the same accepted outlines, the surest goes first")
    func surestDuplicateFirst() {
        // The card with its right side two pixels out (IoU 0.99), and one a little surer still.
        let wide = Self.quad(100, 100, 262, 200, confidence: 0.8, rank: 0.4)
        let wider = Self.quad(100, 100, 263, 200, confidence: 0.85, rank: 0.3)
        let chosen = Self.surest([Self.card, wide, wider])
        #expect(chosen.map(\.confidence) == [0.85, 0.7, 0.8])
    }

    @Test("a surer outline of another shape, or a doubted first choice, stays where it is")
    func surestDuplicateOnly() {
        // The card's left half: IoU 0.5 with the card.
        let half = Self.quad(100, 100, 180, 200, confidence: 0.95, rank: 0.4)
        #expect(Self.surest([Self.card, half]).first?.x == Self.card.x)
        // Its top side on another edge a tenth of its height above: IoU 0.91.
        let taller = Self.quad(100, 90, 260, 200, confidence: 0.75, rank: 0.3)
        #expect(Self.surest([Self.card, taller]).first?.y == Self.card.y)
        // A doubted first choice is acceptedOutlineFirst's to replace.
        var doubted = Self.card
        doubted.confidence = 0.3
        let twin = Self.quad(100, 100, 262, 200, confidence: 0.8, rank: 0.4)
        #expect(Self.surest([doubted, twin]).first?.confidence == 0.3)
    }

    static func seenFirst(_ ranked: [WorkingQuad]) -> [WorkingQuad] {
        let options = DetectionOptions()
        return WorkingQuad.seenOutlineFirst(ranked, threshold: options.confidenceThreshold,
                                            sameObjectOverlap: options.sameObjectOverlap, width: 480, height: 360)
    }

    /// A receipt seen whole in a 480 × 360 frame, and the outline that runs its left side on
    /// along a stray line to a corner 40 pixels beyond the frame (IoU 0.9 with it).
    static let receipt = measured(quad(40, 60, 400, 300, confidence: 0.8, rank: 0.3))
    static let runOut: WorkingQuad = {
        var q = measured(quad(40, 60, 400, 300, confidence: 0.85, rank: 0.4))
        q.x[0] = -40
        return q
    }()

    @Test("an accepted outline seen whole goes before one of the same object with a corner beyond the frame")
    func seenOutlineFirst() {
        #expect(Self.seenFirst([Self.runOut, Self.receipt]).first?.x == Self.receipt.x)
    }

    @Test("a corner just past the border, an alternative near it, on it, doubted or elsewhere changes nothing")
    func seenOutlineOnly() {
        // The first choice's corner two pixels out: perhaps the frame's cut of the page.
        var touching = Self.runOut
        touching.x[0] = -2
        #expect(Self.seenFirst([touching, Self.receipt]).first?.x == touching.x)
        // An alternative with a corner two pixels inside, or a side along the border.
        var near = Self.receipt
        near.x[3] = 2
        #expect(Self.seenFirst([Self.runOut, near]).first?.x == Self.runOut.x)
        let cut = Self.measured(Self.receipt, [PageEvidence.borderFeature: 1])
        #expect(Self.seenFirst([Self.runOut, cut]).first?.x == Self.runOut.x)
        // Below the threshold, or another object (IoU under the same-object overlap).
        var doubted = Self.receipt
        doubted.confidence = 0.3
        #expect(Self.seenFirst([Self.runOut, doubted]).first?.x == Self.runOut.x)
        let other = Self.measured(Self.quad(300, 200, 460, 340, confidence: 0.9, rank: 0.2))
        #expect(Self.seenFirst([Self.runOut, other]).first?.x == Self.runOut.x)
    }
}


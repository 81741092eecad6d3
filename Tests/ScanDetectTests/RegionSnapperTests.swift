import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// `RegionSnapper` on a rendered page: a region outline drawn a few pixels off the page's border
/// and slightly turned moves onto it; sides on the frame's border and sides with no edge near
/// them stay where they are.
@Suite("Region snapping")
struct RegionSnapperTests {
    /// The snapper for `image` and the working factor, built as `DocumentDetector` builds it.
    static func snapper(for image: Image<RGB8>) -> (snapper: RegionSnapper, factor: Double) {
        let (evidence, factor) = PageEvidenceTests.evidence(for: image)
        return (RegionSnapper(edges: evidence.edges, gradient: evidence.gradient, cosTolerance: evidence.cosTolerance), factor)
    }

    /// Largest distance (working pixels) from a corner to the matching corner of `quad`.
    static func largestCornerError(_ x: SIMD4<Double>, _ y: SIMD4<Double>, _ quad: (x: SIMD4<Double>, y: SIMD4<Double>)) -> Double {
        var largest = 0.0
        for k in 0..<4 {
            let dx = x[k] - quad.x[k], dy = y[k] - quad.y[k]
            largest = max(largest, (dx * dx + dy * dy).squareRoot())
        }
        return largest
    }

    @Test("an outline a few pixels off and turned lands on the page's border")
    func snapsOntoTheBorder() throws {
        let page = PageEvidenceTests.outline
        let image = Scene(width: 720, height: 480, page: page).render()
        let (snapper, factor) = Self.snapper(for: image)
        let truth = PageEvidenceTests.working(page, factor: factor)
        // Each corner moved differently by up to 3.5 working pixels: every side is shifted and
        // turned (by up to about 2°) off the border.
        let x = truth.x + SIMD4(-3, 3.5, 2, -2.5), y = truth.y + SIMD4(-2.5, -3, 3, 3.5)
        #expect(Self.largestCornerError(x, y, truth) > 4)
        let snapped = snapper.snapped(x: x, y: y)
        #expect(Self.largestCornerError(snapped.x, snapped.y, truth) < 1.5, "\(snapped)")
    }

    @Test("sides with no edge near them, and sides on the frame's border, stay")
    func keepsUnbackedAndBorderSides() throws {
        // A flat scene: no edges anywhere, so nothing moves.
        let blank = Scene(width: 720, height: 480, page: nil).render()
        let (snapper, factor) = Self.snapper(for: blank)
        let quad = PageEvidenceTests.working(PageEvidenceTests.outline, factor: factor)
        let kept = snapper.snapped(x: quad.x, y: quad.y)
        #expect(kept.x == quad.x && kept.y == quad.y)

        // A page cut by the frame's top: the side along the border stays on it, the others snap.
        let page = Quad(topLeft: Point(200, -60), topRight: Point(520, -50), bottomRight: Point(510, 300),
                        bottomLeft: Point(190, 290))
        let cut = Scene(width: 720, height: 480, page: page).render()
        let (cutSnapper, cutFactor) = Self.snapper(for: cut)
        let c = page.corners.map { Point($0.x / cutFactor, $0.y / cutFactor) }
        // The visible outline: the border's crossings with the left and right sides, then the
        // bottom corners, each off by 2.5 working pixels outwards.
        let left = c[0] + (c[3] - c[0]) * (-c[0].y / (c[3].y - c[0].y))
        let right = c[1] + (c[2] - c[1]) * (-c[1].y / (c[2].y - c[1].y))
        let x = SIMD4(left.x - 2.5, right.x + 2.5, c[2].x + 2.5, c[3].x - 2.5)
        let y = SIMD4(0, 0, c[2].y + 2.5, c[3].y + 2.5)
        let snapped = cutSnapper.snapped(x: x, y: y)
        #expect(abs(snapped.y[0]) < 1e-9 && abs(snapped.y[1]) < 1e-9, "\(snapped)")
        let truth = (x: SIMD4(left.x, right.x, c[2].x, c[3].x), y: SIMD4(0, 0, c[2].y, c[3].y))
        #expect(Self.largestCornerError(snapped.x, snapped.y, truth) < 1.5, "\(snapped)")
    }
}

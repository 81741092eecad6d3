import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// The region-based hypothesis source and the evidence model that ranks and gates hypotheses.
@Suite("Region hypotheses and confidence model")
struct RegionCandidatesTests {
    @Test("Otsu's threshold falls between the two modes of a bimodal histogram")
    func otsuSplitsModes() {
        var histogram = [Int](repeating: 0, count: 256)
        for level in 40...60 { histogram[level] = 100 }
        for level in 190...220 { histogram[level] = 60 }
        let t = RegionCandidates.otsu(histogram)
        #expect(t >= 60 && t < 190, "threshold \(t)")
    }

    @Test("the hull of a filled square is its four corners, clockwise on screen")
    func hullOfSquare() {
        var points: [(Double, Double)] = []
        for y in 0...10 { for x in 0...10 { points.append((Double(x), Double(y))) } }
        let hull = RegionCandidates.convexHull(points)
        #expect(hull.count == 4)
        let corners = Set(hull.map { "\(Int($0.0)),\(Int($0.1))" })
        #expect(corners == ["0,0", "10,0", "10,10", "0,10"])
        let polygon = hull.map { Point($0.0, $0.1) }
        #expect(Polygon.signedArea(polygon) > 0, "clockwise on screen (y down)")
    }

    @Test("the largest quad on a chamfered rectangle's hull keeps its long sides", arguments: [1.0, 3.0])
    func largestQuadOnChamferedRectangle(chamfer: Double) throws {
        let w = 200.0, h = 120.0, c = chamfer
        let octagon = [(c, 0), (w - c, 0), (w, c), (w, h - c), (w - c, h), (c, h), (0, h - c), (0, c)]
        let quad = try #require(RegionCandidates.largestQuad(in: octagon))
        let area = RegionCandidates.area(quad)
        // The best quad loses at most the four chamfers' triangles plus their slivers.
        #expect(area >= w * h - 4 * c * (w + h) / 2)
        #expect(area <= RegionCandidates.area(octagon) + 1e-9)
    }

    @Test("a light page on a dark table becomes one region whose quad is the page")
    func regionOfPage() throws {
        let page = Quad(topLeft: Point(212, 96), topRight: Point(548, 131),
                        bottomRight: Point(522, 418), bottomLeft: Point(168, 372))
        var scene = Scene(width: 720, height: 480, page: page)
        scene.background = .flat(RGB8(70, 60, 50))
        let planes = ColorPlanes(image: scene.render(), longSide: 480)
        let regions = RegionCandidates(minimumAreaFraction: 0.02).regions(in: planes)
        let first = try #require(regions.first)
        let f = Double(planes.factor)
        let found = (0..<4).map { Point(first.x[$0] * f, first.y[$0] * f) }
        #expect(Polygon.intersectionOverUnion(found, page.corners) >= 0.95)
        // Lines of ink are holes in the region, but its hull is the page.
        #expect(first.quadFill > 0.9, "quad over hull \(first.quadFill)")
        #expect(first.solidity > 0.4 && first.solidity < 1, "solidity \(first.solidity)")
    }

    @Test("a page cut by the frame's right and bottom borders reaches them though the frame's sides are odd")
    func regionReachesOddBorders() throws {
        // 481 × 361 working pixels: the 2-pixel grid cells stop one pixel short of both borders.
        let page = Quad(topLeft: Point(200, 90), topRight: Point(600, 90), bottomRight: Point(600, 500), bottomLeft: Point(200, 500))
        var scene = Scene(width: 481, height: 361, page: page)
        scene.background = .flat(RGB8(70, 60, 50))
        let planes = ColorPlanes(image: scene.render(), longSide: 481)
        #expect(planes.factor == 1 && planes.width == 481 && planes.height == 361)
        let first = try #require(RegionCandidates(minimumAreaFraction: 0.02).regions(in: planes).first)
        #expect(first.x.max() == 481, "\(first.x)")
        #expect(first.y.max() == 361, "\(first.y)")
        #expect(first.x.min() == 200 && first.y.min() == 90)
    }

    @Test("a white page on a warm table is the bluer side of the yellow–blue split, a cream one on a grey desk the yellower",
          arguments: [(RGB8(240, 240, 238), RGB8(205, 160, 120), 0), (RGB8(240, 225, 170), RGB8(150, 152, 158), 1)])
    func colourRegionOfPage(paper: RGB8, table: RGB8, side: Int) throws {
        let page = Quad(topLeft: Point(212, 96), topRight: Point(548, 131),
                        bottomRight: Point(522, 418), bottomLeft: Point(168, 372))
        var scene = Scene(width: 720, height: 480, page: page)
        scene.paper = paper
        scene.background = .flat(table)
        let planes = ColorPlanes(image: scene.render(), longSide: 480)
        let regions = RegionCandidates(minimumAreaFraction: 0.02).colourRegions(in: planes).drawn
        try #require(regions.count == 2, "one region on each side")
        let f = Double(planes.factor)
        let found = (0..<4).map { Point(regions[side].x[$0] * f, regions[side].y[$0] * f) }
        #expect(Polygon.intersectionOverUnion(found, page.corners) >= 0.95)
    }

    @Test("planes narrower than one grid cell give an empty grid")
    func emptyGrid() {
        let planes = ColorPlanes(image: randomImage(width: 1, height: 5, seed: 4, as: RGB8.self), longSide: 480)
        let (values, histogram) = RegionCandidates.grid(of: planes, step: 2, mix: .yellowBlue)
        #expect(values.isEmpty)
        #expect(histogram == [Int](repeating: 0, count: 256))
    }

    @Test("the confidence model prefers a clean page to the same outline closed off by the frame")
    func confidenceOrdersEvidence() {
        // support, step, paper, chroma, overshoot, interior, frame sides, log area, region IoU,
        // interior paper, inner outline, border crossings, ink, grid balance, lattice, squareness,
        // seams, planks, chroma under the scene's white
        let page: [Double] = [0.95, 0.97, 1, 0.05, 0.02, 2, 0, -1.2, 0.95, 0.95, 0.1, 0, 0.12, 0.25, 0.05, 0, 0, 0, 0.05]
        var cut = page
        cut[6] = 2
        var coloured = page
        coloured[0] = 0.6
        coloured[1] = 0.6
        #expect(ConfidenceModel.rankInputs(page).count == ConfidenceModel.rank.weights.count)
        #expect(ConfidenceModel.gateInputs(page).count == ConfidenceModel.gate.weights.count)
        #expect(ConfidenceModel.confidence(page) >= DetectionOptions().confidenceThreshold)
        #expect(ConfidenceModel.confidence(cut) < ConfidenceModel.confidence(page))
        #expect(ConfidenceModel.confidence(coloured) < ConfidenceModel.confidence(page))
        var dark = page
        dark[2] = 0
        #expect(ConfidenceModel.confidence(dark) == 0, "a margin darker than paper is not a page")
        #expect(ConfidenceModel.rankInputs([1, 2, 3]).isEmpty)
        #expect(ConfidenceModel.confidence([1, 2, 3]) == 0)
    }
}

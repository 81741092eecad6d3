import ScanCore
import Testing
@testable import ScanDetect

/// Outlines closed on three sides (`ThreeSidedSearch`) and where a side's run ends
/// (`DetectedLine.run`).
@Suite("Three-sided outlines")
struct ThreeSidedSearchTests {
    /// A 320 × 240 photo of a light page, x 80…240 and y 40…180, on a grey table that turns as
    /// light as the page from row 180 down (another sheet, or light spilling over the table):
    /// the page's bottom side shows no step, its other three sides a sharp one. `gap` paints the
    /// page's left margin grey over rows 90…99, so that its left side shows no step there.
    static func page(gap: Bool = false) -> Image<RGB8> {
        Image<RGB8>(width: 320, height: 240) { buffer in
            for y in 0..<240 {
                for x in 0..<320 {
                    let onPage = x >= 80 && x < 240 && y >= 40 && y < 180
                    let gapped = gap && x < 86 && (90..<100).contains(y)
                    buffer[y * 320 + x] = (onPage && !gapped) || y >= 180 ? RGB8(235, 232, 226) : RGB8(120, 118, 112)
                }
            }
        }
    }

    static let pageOutline = Quad(topLeft: Point(80, 40), topRight: Point(240, 40),
                                  bottomRight: Point(240, 180), bottomLeft: Point(80, 180))

    static func stages(for image: Image<RGB8>) -> LineStages {
        LineStages(image: image, options: DetectionOptions())
    }

    /// The page's left side, x = 80, as a detected line of `stages`' edges (direction +y).
    static func leftSide(_ stages: LineStages) -> DetectedLine {
        DetectedLine(theta: 0, rho: 80, votes: 0, edges: stages.edges, gradient: stages.gradient,
                     cosTolerance: stages.cosTolerance)
    }

    @Test("a side's run ends at the corner where its step ends, walking either way")
    func runEndsAtTheCorner() throws {
        let line = Self.leftSide(Self.stages(for: Self.page()))
        let down = try #require(line.run(from: line.parameter(x: 80, y: 40), direction: 1))
        #expect(abs(down.end - line.parameter(x: 80, y: 180)) <= 2, "end \(down.end)")
        #expect(Double(down.backed) >= 0.9 * Double(down.steps))
        let up = try #require(line.run(from: line.parameter(x: 80, y: 180), direction: -1))
        #expect(abs(up.end - line.parameter(x: 80, y: 40)) <= 2, "end \(up.end)")
        // From the middle, the run goes on to the corner it walks towards.
        let fromMiddle = try #require(line.run(from: line.parameter(x: 80, y: 110), direction: 1))
        #expect(abs(fromMiddle.end - down.end) <= 1)
    }

    @Test("a gap shorter than the side before it does not end the run")
    func runBridgesAGap() throws {
        let line = Self.leftSide(Self.stages(for: Self.page(gap: true)))
        let run = try #require(line.run(from: line.parameter(x: 80, y: 40), direction: 1))
        #expect(abs(run.end - line.parameter(x: 80, y: 180)) <= 2, "end \(run.end)")
        #expect(run.backed < run.steps - 8)
    }

    @Test("a line with no edges along it has no run")
    func noRunWithoutEdges() {
        let stages = Self.stages(for: Self.page())
        let bare = DetectedLine(theta: 0, rho: 30, votes: 0, edges: stages.edges, gradient: stages.gradient,
                                cosTolerance: stages.cosTolerance)
        #expect(bare.run(from: bare.parameter(x: 30, y: 40), direction: 1) == nil)
    }

    @Test("a page whose fourth side shows no step is closed where its two opposite sides end")
    func closesTheUnseenSide() throws {
        let stages = Self.stages(for: Self.page())
        let lines = stages.lines(maximumLines: DetectionOptions().maximumLines)
        let search = QuadSearch(width: stages.planes.width, height: stages.planes.height, options: DetectionOptions())
        let found = ThreeSidedSearch(search: search, minimumAreaFraction: 0.1).hypotheses(lines: lines, stages: stages, count: 4)
        let best = try #require(found.quads.first)
        // The fourth side is a line of its own, after the detected ones.
        #expect(found.lines.count > lines.count)
        #expect(best.lines.max() >= Int32(lines.count))
        let factor = Double(stages.planes.factor)
        let quad = try Quad(corners: (0..<4).map { Point(best.x[$0] * factor, best.y[$0] * factor) }).ordered()
        let ji = jaccardIndex(truth: Self.pageOutline, predicted: quad)
        #expect(ji >= 0.95, "JI \(ji)")
    }

    @Test("where one side's run stops short of its corner, the outline is also closed through the other run's end")
    func outerClosure() throws {
        let stages = Self.stages(for: Self.page())
        let search = QuadSearch(width: stages.planes.width, height: stages.planes.height, options: DetectionOptions())
        let open = ThreeSidedSearch(search: search, minimumAreaFraction: 0.1)
        func line(theta: Double, rho: Double) -> DetectedLine {
            DetectedLine(theta: theta, rho: rho, votes: 0, edges: stages.edges, gradient: stages.gradient,
                         cosTolerance: stages.cosTolerance)
        }
        let left = line(theta: 0, rho: 80), right = line(theta: 0, rho: 240), top = line(theta: .pi / 2, rho: 40)
        // The right side's run stops at row 150, 30 rows short of the left one's end.
        let closed = try #require(open.outerClosure(of: [(80, 40), (80, 180), (240, 150), (240, 40)],
                                                     lines: left, right, base: top))
        #expect(closed.map(\.x) == [80, 80, 240, 240])
        #expect(abs(closed[2].y - 180) < 1e-6 && closed[1].y == 180)
        // The left one stopping short instead: closed through the right one's end.
        let other = try #require(open.outerClosure(of: [(80, 40), (80, 150), (240, 180), (240, 40)],
                                                    lines: left, right, base: top))
        #expect(abs(other[1].y - 180) < 1e-6 && other[2].y == 180)
        // Both runs ending level: nothing to close otherwise.
        #expect(open.outerClosure(of: [(80, 40), (80, 180), (240, 180), (240, 40)], lines: left, right, base: top) == nil)
    }

    @Test("a page whose side fades before its corner is still outlined whole")
    func sideFadingBeforeItsCorner() throws {
        // The page of `page()`, with the table right of it turning as light as the page from
        // row 150 down: its right side shows a step only down to row 150.
        let image = Image<RGB8>(width: 320, height: 240) { buffer in
            for y in 0..<240 {
                for x in 0..<320 {
                    let onPage = x >= 80 && x < 240 && y >= 40 && y < 180
                    let light = onPage || y >= 180 || (x >= 240 && y >= 150)
                    buffer[y * 320 + x] = light ? RGB8(235, 232, 226) : RGB8(120, 118, 112)
                }
            }
        }
        let stages = Self.stages(for: image)
        let lines = stages.lines(maximumLines: DetectionOptions().maximumLines)
        let search = QuadSearch(width: stages.planes.width, height: stages.planes.height, options: DetectionOptions())
        let found = ThreeSidedSearch(search: search, minimumAreaFraction: 0.1).hypotheses(lines: lines, stages: stages, count: 4)
        let factor = Double(stages.planes.factor)
        let indices = try found.quads.map { quad in
            jaccardIndex(truth: Self.pageOutline,
                         predicted: try Quad(corners: (0..<4).map { Point(quad.x[$0] * factor, quad.y[$0] * factor) }).ordered())
        }
        // Closed at both runs' ends, the outline cuts a wedge off the page (JI 0.88).
        #expect((indices.max() ?? 0) >= 0.97, "JI \(indices)")
    }

    @Test("an outline covering less of the frame than the least area is not proposed")
    func leastArea() {
        let stages = Self.stages(for: Self.page())
        let lines = stages.lines(maximumLines: DetectionOptions().maximumLines)
        let search = QuadSearch(width: stages.planes.width, height: stages.planes.height, options: DetectionOptions())
        // The page covers 160 × 140 of 320 × 240 pixels, 29 % of the frame.
        #expect(!ThreeSidedSearch(search: search, minimumAreaFraction: 0.25).hypotheses(lines: lines, stages: stages, count: 4)
            .quads.isEmpty)
        #expect(ThreeSidedSearch(search: search, minimumAreaFraction: 0.35).hypotheses(lines: lines, stages: stages, count: 4)
            .quads.isEmpty)
    }

    /// Photos (at half size) of the generator's seed 16 `tiles_0014` (a letter on grey tiles, its
    /// right side lying along a white grout line) and seed 14 `white_table_0001` (a letter on a
    /// white table, its bottom side unseen), made with `Tools/synth/generate.py --seed S --count
    /// 300 --negatives 200`: no page is found in either unless three sides may close an outline.
    @Test("photographed pages with a side too faint for a line are found only as three-sided outlines",
          arguments: [
              ("three-sided/tiles_0014.jpg",
               Quad(topLeft: Point(185.790, 194.297), topRight: Point(384.022, 130.270),
                    bottomRight: Point(369.421, 500.341), bottomLeft: Point(144.951, 495.296)), 0.98),
              ("three-sided/white_table_0001.jpg",
               Quad(topLeft: Point(120.121, 26.305), topRight: Point(566.720, 112.492),
                    bottomRight: Point(528.633, 677.590), bottomLeft: Point(60.657, 678.082)), 0.88),
          ])
    func photographedPages(path: String, truth: Quad, least: Double) throws {
        let image = try fixturePhoto(path)
        var options = DetectionOptions()
        options.secondLookThreeSided = 0
        // The coarse look finds the page on tiles too (JI 0.99, at half the working size), the
        // second coarse look both pages, and the letter's print the one on the white table.
        options.coarseLookLongSide = 0
        options.secondCoarseLookLongSide = 0
        options.printedPageTransitions = 0
        try expectFoundOnlyByDefault(in: image, truth: truth, notWith: options, least: least)
    }
}

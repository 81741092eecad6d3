import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// End-to-end detection on analytic scenes, one or more per hard case, and on scenes without a
/// page. Thresholds are the (JI ≥ 0.95 per scene); the official figures come from the
/// benchmark and score_quads.py.
@Suite("Document detector")
struct DocumentDetectorTests {
    /// A named scene and the page it holds.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let scene: Scene
        var testDescription: String { name }
    }

    static let tilted = Quad(topLeft: Point(212, 96), topRight: Point(548, 131),
                             bottomRight: Point(522, 418), bottomLeft: Point(168, 372))

    static let positives: [Case] = {
        var cases: [Case] = []
        var wood = Scene(width: 720, height: 480, page: tilted)
        wood.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11)
        cases.append(Case(name: "wood", scene: wood))

        var whiteOnWhite = Scene(width: 720, height: 480, page: tilted)
        whiteOnWhite.background = .noise(RGB8(214, 212, 206), amplitude: 4, seed: 3)
        cases.append(Case(name: "white paper on a light desk", scene: whiteOnWhite))

        var tiles = Scene(width: 720, height: 480, page: tilted)
        tiles.background = .tiles(RGB8(120, 140, 170), joint: RGB8(70, 80, 95), size: 53)
        cases.append(Case(name: "tiles", scene: tiles))

        var clutter = Scene(width: 720, height: 480, page: tilted)
        clutter.background = .noise(RGB8(95, 85, 80), amplitude: 20, seed: 7)
        clutter.patches = [
            .init(corners: [Point(560, 40), Point(700, 60), Point(690, 200), Point(575, 180)], colour: RGB8(30, 40, 120), overPage: false),
            .init(corners: [Point(20, 380), Point(150, 360), Point(160, 460), Point(30, 470)], colour: RGB8(200, 60, 50), overPage: false),
            .init(corners: [Point(300, 200), Point(460, 260), Point(452, 276), Point(292, 216)], colour: RGB8(20, 20, 20), overPage: true),
        ]
        cases.append(Case(name: "clutter and a pen across the page", scene: clutter))

        var finger = Scene(width: 720, height: 480, page: tilted)
        finger.background = .stripes(RGB8(90, 70, 60), amplitude: 10, period: 17)
        finger.discs = [(Point(520, 418), 34, RGB8(205, 150, 120))]
        cases.append(Case(name: "finger over a corner", scene: finger))

        let cut = Quad(topLeft: Point(150, -12), topRight: Point(560, 20), bottomRight: Point(520, 440), bottomLeft: Point(120, 400))
        var outOfFrame = Scene(width: 720, height: 480, page: cut)
        outOfFrame.background = .noise(RGB8(60, 70, 60), amplitude: 10, seed: 11)
        cases.append(Case(name: "corner slightly out of frame", scene: outOfFrame))

        var lowLight = Scene(width: 720, height: 480, page: tilted)
        lowLight.paper = RGB8(150, 148, 140)
        lowLight.ink = RGB8(40, 40, 45)
        lowLight.background = .flat(RGB8(70, 60, 55))
        lowLight.noise = 6
        cases.append(Case(name: "dim and noisy", scene: lowLight))

        // As coloured as a sticky note, but a page's proportions.
        var yellow = Scene(width: 720, height: 480, page: tilted)
        yellow.paper = RGB8(250, 222, 95)
        yellow.background = .noise(RGB8(120, 122, 125), amplitude: 6, seed: 9)
        cases.append(Case(name: "yellow paper", scene: yellow))
        return cases
    }()

    @Test("finds the page with JI ≥ 0.95", arguments: positives)
    func findsPage(_ testCase: Case) throws {
        let image = testCase.scene.render()
        let found = DocumentDetector().detect(in: image)
        let detection = try #require(found)
        let truth = try #require(testCase.scene.page)
        let ji = jaccardIndex(truth: truth, predicted: detection.quad)
        #expect(ji >= 0.95, "JI \(ji) for \(detection.quad)")
        #expect(detection.confidence >= DetectionOptions().confidenceThreshold && detection.confidence <= 1)
    }

    @Test("a page cut by the frame's right or bottom border is completed past it in a photo of any size",
          arguments: [(1443, 960), (960, 1443)])
    func completesCutPageWhateverTheSize(width: Int, height: Int) throws {
        // An A4 page seen square on, its text's rows running into the frame's right or bottom
        // border, beyond which lies a fifth of the page; 1443 pixels are not a multiple of the
        // working factor (4), so the working frame stops 3 pixels short of the photo's. A figure
        // breaks up the rows, which cut off would repeat like a keyboard's keys.
        let corners = [Point(1000, 100), Point(1560, 100), Point(1560, 890), Point(1000, 890)]
        let figure = [Point(1080, 420), Point(1330, 420), Point(1330, 640), Point(1080, 640)]
        // Cut at the bottom: the same scene turned a quarter, the page's top-left corner first.
        let turned = { (points: [Point]) in points.map { Point(990 - $0.y, $0.x) } }
        let page = try Quad(corners: width > height ? corners : turned(corners))
        var scene = Scene(width: width, height: height, page: page)
        scene.background = .noise(RGB8(70, 60, 55), amplitude: 10, seed: 3)
        scene.patches = [.init(corners: width > height ? figure : turned(figure), colour: RGB8(60, 90, 160), overPage: true)]
        let photo = scene.render()
        // The hypothesis already has its cut side on the photo's border (the extender, on a light
        // desk, would not move it there from 3 pixels inside).
        let coarse = try #require(DocumentDetector().hypotheses(in: photo).first)
        let across = coarse.quad.corners.map { width > height ? $0.x : $0.y }
        #expect(across.filter { $0 == 1443 }.count == 2, "\(coarse.quad)")
        let detection = try #require(DocumentDetector().detect(in: photo))
        // The visible part alone scores 0.79 (443 of 560 pixels across the cut).
        let ji = jaccardIndex(truth: page, predicted: detection.quad)
        #expect(ji >= 0.95, "JI \(ji) for \(detection.quad)")
    }

    @Test("a page filling 3 % of the frame is too small to read and is no document; at 8 % it is found")
    func readableSize() throws {
        // The tilted page shrunk about its centre to the given share of the 720 × 480 frame.
        func scene(filling share: Double) throws -> (scene: Scene, page: Quad) {
            let c = Self.tilted.corners, centre = (c[0] + c[1] + c[2] + c[3]) * 0.25
            let scale = (share * 720 * 480 / Polygon.area(c)).squareRoot()
            let page = try Quad(corners: c.map { centre + ($0 - centre) * scale })
            var scene = Scene(width: 720, height: 480, page: page)
            scene.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11)
            return (scene, page)
        }
        let small = try scene(filling: 0.03)
        let found = DocumentDetector().detect(in: small.scene.render())
        #expect(found == nil, "\(String(describing: found?.quad)) at \(found?.confidence ?? 0)")
        let readable = try scene(filling: 0.08)
        let detection = try #require(DocumentDetector().detect(in: readable.scene.render()))
        let ji = jaccardIndex(truth: readable.page, predicted: detection.quad)
        #expect(ji >= 0.95, "JI \(ji) for \(detection.quad)")
    }

    @Test("working coordinates on the working frame's far border map onto the photo's")
    func fullResolutionBorder() {
        // 1443 pixels at factor 4: a working side of 360, 3 pixels left out.
        let map = DocumentDetector.fullResolution(factor: 4, photoSide: 1443)
        #expect(map(0) == 0)
        #expect(map(100.5) == 402)
        #expect(map(360) == 1443)
        #expect(map(359.5) == 1441)
        #expect(map(370) == 1483)
        #expect(DocumentDetector.fullResolution(factor: 4, photoSide: 1440)(360) == 1440)
    }

    static let negatives: [Case] = {
        var flat = Scene(width: 640, height: 480, page: nil)
        flat.background = .flat(RGB8(120, 110, 100))
        var noise = Scene(width: 640, height: 480, page: nil)
        noise.background = .noise(RGB8(128, 120, 110), amplitude: 40, seed: 5)
        var wood = Scene(width: 640, height: 480, page: nil)
        wood.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11)
        var screen = Scene(width: 640, height: 480, page: nil)
        screen.background = .flat(RGB8(180, 175, 170))
        screen.patches = [.init(corners: [Point(180, 100), Point(470, 110), Point(460, 380), Point(170, 370)], colour: RGB8(20, 22, 30), overPage: false)]
        var floor = Scene(width: 640, height: 480, page: nil)
        floor.background = .tiles(RGB8(200, 205, 200), joint: RGB8(90, 95, 100), size: 60)
        // A sticky note: a square of yellow paper, 150 pixels a side, turned 20°.
        var note = Scene(width: 640, height: 480, page: nil)
        note.background = .noise(RGB8(120, 122, 125), amplitude: 6, seed: 9)
        let corners = (0..<4).map { k -> Point in
            let angle = (20 + 90 * Double(k) - 135) * .pi / 180
            return Point(320 + 106 * cos(angle), 240 + 106 * sin(angle))
        }
        note.patches = [.init(corners: corners, colour: RGB8(250, 222, 95), overPage: false)]
        return [Case(name: "flat table", scene: flat), Case(name: "value noise", scene: noise),
                Case(name: "a yellow sticky note", scene: note),
                Case(name: "wood grain", scene: wood), Case(name: "dark screen on a light desk", scene: screen),
                Case(name: "tablet with a white bezel", scene: PageEvidenceTests.tablet),
                Case(name: "tiled floor", scene: floor)]
    }()

    @Test("reports no document when there is none", arguments: negatives)
    func noDocument(_ testCase: Case) {
        let image = testCase.scene.render()
        let detection = DocumentDetector().detect(in: image)
        #expect(detection == nil, "false positive \(String(describing: detection?.quad)) at \(detection?.confidence ?? 0)")
    }

    @Test("corners come back in contract order for a page turned any way", arguments: Array(stride(from: 0.0, to: 360.0, by: 40.0)))
    func cornerOrder(degrees: Double) throws {
        let angle = degrees * .pi / 180
        let centre = Point(360, 240)
        let half = (w: 120.0, h: 165.0)
        let local = [Point(-half.w, -half.h), Point(half.w, -half.h), Point(half.w, half.h), Point(-half.w, half.h)]
        let rotated = local.map { p in
            centre + Point(p.x * cos(angle) - p.y * sin(angle), p.x * sin(angle) + p.y * cos(angle))
        }
        let truth = try Quad(corners: rotated)
        var scene = Scene(width: 720, height: 480, page: truth)
        scene.background = .stripes(RGB8(110, 80, 60), amplitude: 12, period: 13)
        let image = scene.render()
        let found = DocumentDetector().detect(in: image)
        let detection = try #require(found)
        let q = detection.quad
        #expect(q == q.ordered())
        #expect(Polygon.signedArea(q.corners) > 0, "clockwise on screen")
        let sums = q.corners.map { $0.x + $0.y }
        #expect(sums[0] == sums.min())
        // Same corners as the truth, each within two pixels, in the truth's contract order.
        let expected = truth.ordered()
        for k in 0..<4 {
            #expect(q[k].distance(to: expected[k]) < 2, "corner \(k): \(q[k]) vs \(expected[k])")
        }
    }

    @Test("hypotheses and rejected quads are in full-resolution coordinates")
    func hypothesesScale() throws {
        var scene = Scene(width: 1440, height: 960, page: Self.tilted.scaled(by: 2))
        scene.background = .noise(RGB8(80, 70, 60), amplitude: 12, seed: 2)
        let image = scene.render()
        let found = DocumentDetector().detect(in: image)
        let detection = try #require(found)
        #expect(jaccardIndex(truth: Self.tilted.scaled(by: 2), predicted: detection.quad) >= 0.95)
        let all = DocumentDetector().hypotheses(in: image)
        let best = try #require(all.first)
        #expect(best.quad.intersectionOverUnion(detection.quad) > 0.95)
    }
}

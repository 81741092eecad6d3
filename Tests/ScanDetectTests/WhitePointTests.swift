import ScanCore
import Testing
@testable import ScanDetect

/// The scene's white (`ColorPlanes.whiteGains`) and the margin chroma read under it
/// (`PageEvidence` feature 18), which decides whether a margin is coloured.
@Suite("White point")
struct WhitePointTests {
    /// Working planes of an image whose left `share` of columns is `light` and the rest `dark`.
    static func planes(light: RGB8, dark: RGB8, share: Double = 0.3) -> ColorPlanes {
        let width = 200, height = 100
        let split = Int(share * Double(width))
        let pixels = (0..<(width * height)).map { $0 % width < split ? light : dark }
        return ColorPlanes(image: Image(width: width, height: height, pixels: pixels), longSide: width)
    }

    @Test("a warm lamp's white maps to grey")
    func warmWhite() {
        let paper = RGB8(238, 214, 190)
        let gains = Self.planes(light: paper, dark: RGB8(120, 100, 80)).whiteGains()
        let balanced = SIMD3(Float(paper.r), Float(paper.g), Float(paper.b)) * gains
        #expect(balanced.max() - balanced.min() < 0.01 * balanced.max(), "balanced paper \(balanced)")
        #expect(gains.z > 1.1 && gains.x < 1, "gains \(gains)")
    }

    @Test("a strongly coloured surface is no part of the white: a yellow note on a grey desk")
    func colouredSurfaceLeftOut() {
        // The note is the brightest surface, the desk the brightest plain one.
        let gains = Self.planes(light: RGB8(248, 240, 120), dark: RGB8(180, 180, 180)).whiteGains()
        #expect(gains == SIMD3(1, 1, 1))
    }

    @Test("a scene whose lightest plain surface is dim has no white to balance by")
    func dimScene() {
        let gains = Self.planes(light: RGB8(130, 120, 140), dark: RGB8(60, 60, 70)).whiteGains()
        #expect(gains == SIMD3(1, 1, 1))
    }

    /// A square white sheet on a grey desk, all of it under a lamp of colour `lamp` (the scene's
    /// red, green and blue scaled by it).
    static func squareSheet(under lamp: SIMD3<Double>, paper: RGB8 = RGB8(238, 236, 230)) -> (Scene, Quad) {
        let square = Quad(topLeft: Point(250, 110), topRight: Point(490, 120), bottomRight: Point(480, 360),
                          bottomLeft: Point(240, 350))
        func lit(_ c: RGB8) -> RGB8 {
            RGB8(UInt8(Double(c.r) * lamp.x), UInt8(Double(c.g) * lamp.y), UInt8(Double(c.b) * lamp.z))
        }
        var scene = Scene(width: 720, height: 480, page: square)
        scene.background = .noise(lit(RGB8(150, 150, 148)), amplitude: 4, seed: 5)
        scene.paper = lit(paper)
        scene.ink = lit(RGB8(35, 35, 45))
        return (scene, square)
    }

    @Test("a white sheet's margin is coloured as taken under a warm lamp, grey under the scene's white")
    func balancedMarginChroma() {
        let (scene, square) = Self.squareSheet(under: SIMD3(1, 0.9, 0.8))
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let (x, y) = PageEvidenceTests.working(square, factor: factor)
        let f = evidence.features(x: x, y: y, other: nil)
        #expect(f[PageEvidence.marginChromaFeature] >= ConfidenceModel.stickyNoteChroma.lowerBound,
                "as taken \(f[PageEvidence.marginChromaFeature])")
        #expect(f[PageEvidence.balancedChromaFeature] < 0.08, "balanced \(f[PageEvidence.balancedChromaFeature])")
    }

    @Test("a square white sheet under a warm lamp is a page, a yellow note of its size under a white one is not")
    func squareSheetUnderWarmLamp() throws {
        let (sheet, square) = Self.squareSheet(under: SIMD3(1, 0.9, 0.8))
        let detection = try #require(DocumentDetector().detect(in: sheet.render()))
        let ji = jaccardIndex(truth: square, predicted: detection.quad)
        #expect(ji >= 0.95, "JI \(ji) for \(detection.quad)")
        let (note, _) = Self.squareSheet(under: SIMD3(1, 1, 1), paper: RGB8(245, 222, 120))
        let found = DocumentDetector().detect(in: note.render())
        #expect(found == nil, "the note taken for a page: \(String(describing: found?.quad))")
    }
}

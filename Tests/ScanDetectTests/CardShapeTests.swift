import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Coloured ID-1 cards are documents however dark they are; dark rectangles of other shapes, and
/// black or grey ones of a card's shape (screens), are not.
@Suite("ID-1 cards")
struct CardShapeTests {
    /// An ID-1 card (85.60 × 53.98 mm at 3.5 px/mm) turned 8° in the middle of a 720 × 480 photo.
    static let card = rotatedRectangle(width: 85.60 * 3.5, height: 53.98 * 3.5, degrees: 8)
    /// A rectangle of A4's proportions with the card's area.
    static let sheet = rotatedRectangle(width: 163, height: 230, degrees: 8)

    static func rotatedRectangle(width: Double, height: Double, degrees: Double) -> Quad {
        let angle = degrees * .pi / 180, centre = Point(360, 240)
        let c = cos(angle), s = sin(angle)
        let local = [Point(-width / 2, -height / 2), Point(width / 2, -height / 2), Point(width / 2, height / 2), Point(-width / 2, height / 2)]
        let corners = local.map { p in centre + Point(p.x * c - p.y * s, p.x * s + p.y * c) }
        return Quad(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// A light desk with an object of `colour` on it, printed in `ink`, outlined by `page`.
    static func scene(_ page: Quad, colour: RGB8, ink: RGB8) -> Scene {
        var scene = Scene(width: 720, height: 480, page: page)
        scene.background = .noise(RGB8(214, 212, 206), amplitude: 4, seed: 3)
        scene.paper = colour
        scene.ink = ink
        return scene
    }

    static let darkRed = RGB8(160, 35, 55)
    static let navy = RGB8(30, 60, 130)
    static let white = RGB8(240, 240, 240)

    @Test("a dark coloured card on a light desk is found with JI ≥ 0.95", arguments: [darkRed, navy])
    func darkCardFound(colour: RGB8) throws {
        let image = Self.scene(Self.card, colour: colour, ink: Self.white).render()
        let detection = try #require(DocumentDetector().detect(in: image))
        let ji = jaccardIndex(truth: Self.card, predicted: detection.quad)
        #expect(ji >= 0.95, "JI \(ji) for \(detection.quad)")
    }

    /// A light photo box printed on the card is a paper-like panel inside the outline; the card
    /// itself is still the answer. (The choice between a doubted panel and an accepted outline
    /// enclosing it is tested directly in `OutlineChoiceTests`.)
    @Test("a dark card with a light photo box on it is found whole with JI ≥ 0.95")
    func cardWithPhotoBox() throws {
        var scene = Self.scene(Self.card, colour: Self.navy, ink: Self.white)
        let toPhoto = try #require(Homography(mapping: Quad(rectangleAt: .zero, size: Size(width: 1, height: 1)), to: Self.card))
        let box = [Point(0.05, 0.25), Point(0.32, 0.25), Point(0.32, 0.85), Point(0.05, 0.85)].map { toPhoto.apply($0) }
        scene.patches = [.init(corners: box, colour: RGB8(190, 200, 212), overPage: true)]
        let image = scene.render()
        let detection = try #require(DocumentDetector().detect(in: image))
        let ji = jaccardIndex(truth: Self.card, predicted: detection.quad)
        #expect(ji >= 0.95, "JI \(ji) for \(detection.quad)")
    }

    @Test("a black screen with a card's proportions is not a document")
    func blackCardShapeRejected() {
        let image = Self.scene(Self.card, colour: RGB8(20, 22, 30), ink: RGB8(45, 50, 60)).render()
        let detection = DocumentDetector().detect(in: image)
        #expect(detection == nil, "false positive \(String(describing: detection?.quad)) at \(detection?.confidence ?? 0)")
    }

    @Test("a dark red object of a sheet's proportions is not a document")
    func darkSheetShapeRejected() {
        let image = Self.scene(Self.sheet, colour: Self.darkRed, ink: Self.white).render()
        let detection = DocumentDetector().detect(in: image)
        #expect(detection == nil, "false positive \(String(describing: detection?.quad)) at \(detection?.confidence ?? 0)")
    }

    @Test("the card test needs the proportions, the whole outline and a colourful margin")
    func conditions() {
        let image = Self.scene(Self.card, colour: Self.darkRed, ink: Self.white).render()
        var planes = ColorPlanes(image: image, longSide: 480)
        planes.smooth(passes: 1)
        let shape = CardShape(planes: planes)
        let factor = Double(planes.factor)
        func working(_ quad: Quad) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
            (SIMD4((0..<4).map { quad[$0].x / factor }), SIMD4((0..<4).map { quad[$0].y / factor }))
        }
        let card = working(Self.card)
        let cardMatches = shape.matches(x: card.x, y: card.y)
        #expect(cardMatches)
        // The same red, outlined as a square: not a card.
        let square = working(Self.rotatedRectangle(width: 240, height: 240, degrees: 8))
        let squareMatches = shape.matches(x: square.x, y: square.y)
        #expect(!squareMatches)
        // The card's outline moved half out of the frame.
        let cut = (x: card.x - 300 / factor, y: card.y)
        let cutMatches = shape.matches(x: cut.x, y: cut.y)
        #expect(!cutMatches)
        // A grey card: the same outline, no colour.
        let grey = Self.scene(Self.card, colour: RGB8(60, 60, 64), ink: Self.white).render()
        let greyMatches = CardShape(planes: ColorPlanes(image: grey, longSide: 480)).matches(x: card.x, y: card.y)
        #expect(!greyMatches)
    }

    /// A deep navy card with a black header along one long side and a dark grey footer along the
    /// other: most of its margin is colourless, but both short sides show the card's colour.
    @Test("a dark card with colourless bands along both long sides is still a card")
    func bandedCardMatches() throws {
        var scene = Self.scene(Self.card, colour: RGB8(22, 30, 56), ink: Self.white)
        let toCard = try #require(Homography(mapping: Quad(rectangleAt: .zero, size: Size(width: 1, height: 1)), to: Self.card))
        func band(_ top: Double, _ bottom: Double, _ colour: RGB8) -> Scene.Patch {
            let corners = [Point(0, top), Point(1, top), Point(1, bottom), Point(0, bottom)].map { toCard.apply($0) }
            return .init(corners: corners, colour: colour, overPage: true)
        }
        scene.patches = [band(0, 0.22, RGB8(12, 12, 14)), band(0.85, 1, RGB8(48, 48, 50))]
        let planes = ColorPlanes(image: scene.render(), longSide: 480)
        let factor = Double(planes.factor)
        let x = SIMD4((0..<4).map { Self.card[$0].x / factor }), y = SIMD4((0..<4).map { Self.card[$0].y / factor })
        #expect(CardShape(planes: planes).matches(x: x, y: y))
    }
}

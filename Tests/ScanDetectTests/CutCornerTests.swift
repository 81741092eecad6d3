import ScanCore
import Testing
@testable import ScanDetect

/// A page whose corner the frame cuts off, outlined with a corner on the border and a chord
/// across the page, is completed where its two sides meet beyond the frame.
@Suite("Cut corner")
struct CutCornerTests {
    /// The page's bottom-left corner lies 60 pixels beyond the frame's left border: its left side
    /// leaves the frame at (0, 321.5), its bottom side at (0, 404).
    static let page = Quad(topLeft: Point(200, 60), topRight: Point(520, 40),
                           bottomRight: Point(540, 440), bottomLeft: Point(-60, 400))

    static func image(of page: Quad) -> Image<RGB8> {
        var scene = Scene(width: 720, height: 480, page: page)
        scene.background = .stripes(RGB8(120, 80, 50), amplitude: 14, period: 13)
        return scene.render()
    }

    static let extender = CutPageExtender(aspectRatio: 1.41)

    @Test("a corner on the border with a chord to the next corner is completed where the sides meet")
    func chordReplacedBySide() throws {
        let image = Self.image(of: Self.page)
        // The bottom side to where it leaves the frame, then a chord up to the top-left corner.
        let bottomExit = Point(0, 400 + 40 * 60.0 / 600)
        let outline = [Point(200, 60), Point(520, 40), Point(540, 440), bottomExit]
        let completed = try #require(Self.extender.completingCutCorner(outline, in: image))
        #expect(completed[3].distance(to: Point(-60, 400)) < 12)
        #expect(Array(completed[0..<3]) == Array(outline[0..<3]))
        // extend() does it for an outline with no side on the border.
        #expect(Self.extender.extend(outline, in: image)[3].distance(to: Point(-60, 400)) < 12)
    }

    @Test("a page whose corner only touches the frame, or lies inside it, is left alone")
    func realCornersKept() {
        let touching = Quad(topLeft: Point(200, 60), topRight: Point(520, 40),
                            bottomRight: Point(540, 440), bottomLeft: Point(2, 400))
        #expect(Self.extender.completingCutCorner(touching.corners, in: Self.image(of: touching)) == nil)
        let inside = Quad(topLeft: Point(200, 60), topRight: Point(520, 40),
                          bottomRight: Point(540, 440), bottomLeft: Point(60, 400))
        #expect(Self.extender.completingCutCorner(inside.corners, in: Self.image(of: inside)) == nil)
    }

    @Test("a corner drawn out onto the border over the desk is left alone")
    func cornerOverTheDeskKept() {
        // A page inside the frame outlined with its bottom-left corner drawn out onto the border.
        let inside = Quad(topLeft: Point(200, 60), topRight: Point(520, 40),
                          bottomRight: Point(540, 440), bottomLeft: Point(60, 400))
        let outline = [Point(200, 60), Point(520, 40), Point(540, 440), Point(0, 396)]
        #expect(Self.extender.completingCutCorner(outline, in: Self.image(of: inside)) == nil)
    }

    @Test("a cut corner whose border between the sides' exits is desk, not paper, is left alone")
    func deskAlongTheBorderKept() {
        // The cut page above with desk painted over it along the border between its sides' exits
        // (y 321.5 and 404): the page does not go on past the border there. (Every other
        // condition holds: without this one the corner is completed.)
        var scene = Scene(width: 720, height: 480, page: Self.page)
        scene.background = .stripes(RGB8(120, 80, 50), amplitude: 14, period: 13)
        scene.patches = [.init(corners: [Point(0, 300), Point(14, 300), Point(14, 430), Point(0, 430)],
                               colour: RGB8(120, 80, 50), overPage: true)]
        let outline = [Point(200, 60), Point(520, 40), Point(540, 440), Point(0, 404)]
        #expect(Self.extender.completingCutCorner(outline, in: scene.render()) == nil)
    }
}

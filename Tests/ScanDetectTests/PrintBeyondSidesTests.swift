import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// `PrintBeyondSides`: an outline cut through a page's lines of print, on a table as white as
/// the page, moves out past the print towards the page's side; an outline of the whole page stays, and so does
/// one whose side shows a step (the page in shade past it); and a letter in a generated photo,
/// outlined below its letterhead, is outlined whole.
@Suite("Sides moved out past the page's print")
struct PrintBeyondSidesTests {
    /// The scene's page (print from 30 to 270 of its 297 units down, 25 of its 210 units in from
    /// either side) on a table of its own paper, so that its sides do not show, with a shade of
    /// `shade` over the page past `cut` units from its left side; the page, and the homography
    /// from its units to the photo.
    static func pageOnWhite(cut: Double, shade: Double = 1) -> (photo: Image<RGB8>, page: Quad, toPhoto: Homography) {
        let page = Quad(topLeft: Point(200, 60), topRight: Point(440, 72),
                        bottomRight: Point(452, 430), bottomLeft: Point(186, 420))
        var scene = Scene(width: 640, height: 480, page: page)
        scene.background = .flat(scene.paper)
        let toPhoto = Homography(mapping: Quad(rectangleAt: .zero, size: Size(width: 210, height: 297)), to: page)!
        if shade < 1 {
            let a = toPhoto.apply(Point(cut, 0)), b = toPhoto.apply(Point(cut, 297))
            let normal = Point(b.y - a.y, a.x - b.x)
            scene.shade = (origin: a, normal: normal, factor: SIMD3(repeating: shade))
        }
        return (scene.render(), page, toPhoto)
    }

    /// The outline of the page's part left of `cut` units from its left side.
    static func outline(leftOf cut: Double, toPhoto: Homography) -> [Point] {
        [Point(0, 0), Point(cut, 0), Point(cut, 297), Point(0, 297)].map { toPhoto.apply($0) }
    }

    /// Its right side moves past the print's end (185 units), by the left margin up to
    /// `PrintBeyondSides.margins`' largest share of its width (14 units).
    @Test("an outline cut through the lines of print moves out past their ends")
    func movesPastThePrint() throws {
        let (photo, page, toPhoto) = Self.pageOnWhite(cut: 120)
        let cut = Self.outline(leftOf: 120, toPhoto: toPhoto)
        #expect(jaccardIndex(truth: page, predicted: try Quad(corners: cut)) < 0.6)
        let moved = try Quad(corners: PrintBeyondSides().extend(cut, in: photo))
        #expect(jaccardIndex(truth: page, predicted: moved) > 0.93, "\(moved)")
    }

    @Test("an outline of the whole page stays: no print lies past its sides")
    func keepsTheWholePage() {
        let (photo, page, _) = Self.pageOnWhite(cut: 120)
        #expect(PrintBeyondSides().extend(page.corners, in: photo) == page.corners)
    }

    @Test("a side with a step across it stays: the page past it is another surface")
    func keepsASideWithAStep() {
        let (photo, _, toPhoto) = Self.pageOnWhite(cut: 120, shade: 0.95)
        let cut = Self.outline(leftOf: 120, toPhoto: toPhoto)
        #expect(PrintBeyondSides().extend(cut, in: photo) == cut)
    }

    @Test("an outline that gives no page plane, or lies off the photo, stays as it is")
    func keepsOutlinesItCannotRead() {
        let (photo, page, _) = Self.pageOnWhite(cut: 120)
        let flat = [Point(10, 10), Point(200, 10), Point(400, 10), Point(10, 300)]
        #expect(PrintBeyondSides().extend(flat, in: photo) == flat)
        let away = page.corners.map { $0 + Point(2000, 0) }
        #expect(PrintBeyondSides().extend(away, in: photo) == away)
        #expect(PrintBeyondSides().extend(page.corners, in: Image(width: 1, height: 1, pixels: [RGB8(255, 255, 255)]))
                    == page.corners)
    }

    /// A photo from the generator's seed 18 (white_table_0008): a letter with a coloured band
    /// along its head, on white wood. The outline chosen stopped below the letterhead and the
    /// address (JI 0.66).
    @Test("a letter outlined below its letterhead is outlined whole")
    func letterUnderItsBand() throws {
        let truth = Quad(topLeft: Point(238.698, 183.108), topRight: Point(945.639, 177.777),
                         bottomRight: Point(1000.44, 1288.518), bottomLeft: Point(31.49, 1226.251))
        let photo = try fixturePhoto("print-beyond/letter-under-band-on-white-wood.jpg")
        try expectDetected(in: photo, truth: truth, least: 0.95)
        var options = DetectionOptions()
        options.extendsOverPrint = false
        let without = try #require(DocumentDetector(options: options).detect(in: photo))
        #expect(jaccardIndex(truth: truth, predicted: without.quad) < 0.8)
    }
}

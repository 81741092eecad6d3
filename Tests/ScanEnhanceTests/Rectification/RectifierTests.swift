import ScanCore
import Testing
import ScanEnhance

@Suite("Rectifier")
struct RectifierTests {
    static let camera = PinholeCamera.phone(width: 4032, height: 3024)

    /// An A4, Letter or ID-1 page seen by a phone, tilted about both axes.
    static func view(_ paper: PaperSize, landscape: Bool = false) -> Quad {
        let (w, h) = paper.size(landscape: landscape)
        let distance = camera.focalLength * max(w, h) / (0.7 * camera.imageHeight)
        return camera.view(width: w, height: h, pose: Pose(18, -14, 4), distance: distance).quad
    }

    static let photoSize = Size(width: 4032, height: 3024)

    // MARK: - Plans

    @Test("snaps to the paper in view and sizes the output from the dpi", arguments: [
        (PaperSize.a4, 300.0, 2480, 3508), (.letter, 300, 2550, 3300), (.legal, 200, 1700, 2800), (.id1, 600, 1275, 2022),
    ])
    func plannedSize(paper: PaperSize, dpi: Double, width: Int, height: Int) throws {
        let plan = try Rectifier(options: .init(dpi: dpi)).plan(for: Self.view(paper), imageSize: Self.photoSize)
        #expect(plan.paperSize == paper)
        #expect(plan.width == width && plan.height == height)
        #expect(plan.dpi == dpi)
        #expect(!plan.isLandscape)
    }

    @Test("a landscape page gets a landscape output")
    func landscape() throws {
        let plan = try Rectifier(options: .init(dpi: 300)).plan(for: Self.view(.id1, landscape: true), imageSize: Self.photoSize)
        #expect(plan.paperSize == .id1 && plan.isLandscape)
        #expect(plan.width == 1011 && plan.height == 638)
    }

    @Test("without a dpi the output holds the photo's resolution, never more, and reports it")
    func photoResolution() throws {
        let quad = Self.view(.a4)
        let plan = try Rectifier().plan(for: quad, imageSize: Self.photoSize)
        let sides = quad.sideLengths
        #expect(Double(plan.width) <= (sides[0] + sides[2]) / 2 + 0.5)
        #expect(Double(plan.height) <= (sides[1] + sides[3]) / 2 + 0.5)
        #expect(abs(Double(plan.width) / Double(plan.height) - PaperSize.a4.portraitAspectRatio) < 0.002)
        let dpi = try #require(plan.dpi)
        #expect(abs(dpi - Double(plan.height) / (297 / 25.4)) < 1e-9)
    }

    @Test("fit keeps the estimated shape and leaves the physical size unknown")
    func fit() throws {
        let plan = try Rectifier(options: .init(dpi: 300, pageSize: .fit)).plan(for: Self.view(.letter), imageSize: Self.photoSize)
        #expect(plan.paperSize == nil && plan.dpi == nil)
        #expect(abs(Double(plan.width) / Double(plan.height) - PaperSize.letter.portraitAspectRatio) < 0.01)
    }

    @Test("a chosen paper size overrides the estimate")
    func chosenPaper() throws {
        let plan = try Rectifier(options: .init(dpi: 100, pageSize: .paper(.legal))).plan(for: Self.view(.a4), imageSize: Self.photoSize)
        #expect(plan.paperSize == .legal && plan.width == 850 && plan.height == 1400)
    }

    @Test("the output rectangle's corners map onto the quad's")
    func cornersMap() throws {
        let quad = Self.view(.a4)
        let plan = try Rectifier(options: .init(dpi: 150)).plan(for: quad, imageSize: Self.photoSize)
        let outputCorners = Quad(rectangleAt: .zero, size: plan.size).corners
        for (output, photo) in zip(outputCorners, quad.corners) {
            #expect(plan.outputToPhoto.apply(output).distance(to: photo) < 1e-6)
        }
    }

    // MARK: - Errors

    @Test("rejects bad input with the matching error")
    func errors() {
        let photo = Image<Gray8>(width: 64, height: 48, repeating: Gray8(200))
        let quad = Quad(rectangleAt: Point(8, 8), size: Size(width: 40, height: 30))
        #expect(throws: EnhanceError.emptyImage(width: 0, height: 48)) {
            try Rectifier().rectify(Image<Gray8>(width: 0, height: 48, repeating: Gray8(0)), quad: quad)
        }
        let crossed = Quad(topLeft: quad.topLeft, topRight: quad.bottomRight, bottomRight: quad.topRight, bottomLeft: quad.bottomLeft)
        #expect(throws: EnhanceError.invalidQuad(.crossingSides)) { try Rectifier().rectify(photo, quad: crossed) }
        let far = quad.translated(by: Point(500, 0))
        #expect(throws: EnhanceError.invalidQuad(.cornerOutsideImage(index: 0, point: far.topLeft, size: photo.size))) {
            try Rectifier().rectify(photo, quad: far)
        }
        for dpi in [0, -300, Double.nan, .infinity] {
            #expect(throws: EnhanceError.self) { try Rectifier(options: .init(dpi: dpi, pageSize: .paper(.a4))).rectify(photo, quad: quad) }
        }
        #expect(throws: EnhanceError.invalidDPI(0)) { try Rectifier(options: .init(dpi: 0)).rectify(photo, quad: quad) }
        #expect(throws: EnhanceError.outputTooLarge(width: 116929, height: 82677, limit: 200_000_000)) {
            try Rectifier(options: .init(dpi: 10_000, pageSize: .paper(.a4))).rectify(photo, quad: quad)
        }
    }

    @Test("error messages are one lowercase line that names the fix")
    func messages() {
        let errors: [EnhanceError] = [
            .emptyImage(width: 0, height: 0), .invalidQuad(.notConvex), .unmappableQuad(Quad(rectangleAt: .zero, size: Size(width: 1, height: 1))),
            .invalidDPI(-1), .outputTooLarge(width: 1, height: 2, limit: 1),
        ]
        for error in errors {
            let message = error.description
            #expect(!message.contains("\n") && message.first?.isLowercase == true && message.contains(";"), "\(message)")
        }
    }

    // MARK: - Pixels

    @Test("parts of the page outside the photo take the fill colour")
    func fillOutside() throws {
        let photo = Image<RGB8>(width: 100, height: 80, repeating: RGB8(10, 20, 30))
        // The right third of the page hangs off the photo's right edge (within the overhang).
        let quad = Quad(rectangleAt: Point(60, 10), size: Size(width: 60, height: 60))
        let page = try Rectifier(options: .init(pageSize: .fit, fill: 255)).rectify(photo, quad: quad)
        #expect(page.image.width == 60 && page.image.height == 60)
        #expect(page.image[10, 30] == RGB8(10, 20, 30))
        #expect(page.image[50, 30] == RGB8(255, 255, 255))
    }

    @Test("the input and its shared copies are left untouched, and the page owns its pixels")
    func sharedCopy() throws {
        let board = CheckerboardRectificationTests.board
        let original = board.image
        let copy = original
        var page = try Rectifier(options: .init(dpi: 30, pageSize: .paper(board.paper))).rectify(copy, quad: board.quad)
        #expect(copy == original && copy.pixels == board.image.pixels)
        let before = page.image
        page.image[0, 0] = Gray8(page.image[0, 0].value &+ 1)
        #expect(before != page.image && copy == board.image)
    }

    @Test("every thread count gives exactly the single-thread output", arguments: [8.0, 22.0, 60.0])
    func threadsAgree(dpi: Double) throws {
        let board = CheckerboardRectificationTests.board
        let gray = board.image
        let color = gray.map { RGB8($0.value, $0.value / 2, 255 - $0.value) }
        var options = Rectifier.Options(dpi: dpi, pageSize: .paper(board.paper), threads: 1)
        let single = try Rectifier(options: options).rectify(color, quad: board.quad).image
        let singleGray = try Rectifier(options: options).rectify(gray, quad: board.quad).image
        for threads in [2, 3, 7, nil] {
            options.threads = threads
            #expect(try Rectifier(options: options).rectify(color, quad: board.quad).image == single)
            #expect(try Rectifier(options: options).rectify(gray, quad: board.quad).image == singleGray)
        }
    }
}

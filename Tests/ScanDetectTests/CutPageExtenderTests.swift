import Foundation
import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// Completion of pages cut by the frame.
@Suite struct CutPageExtenderTests {
    /// A light page on a dark desk whose right part, from x = `pageRight`, lies beyond the frame,
    /// with a dark photo printed over the columns `figure`.
    private func photo(pageRight: Int, width: Int = 400, figure: Range<Int> = 0..<0) -> Image<RGB8> {
        let height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 40..<260 where y % 17 != 0 {  // light rows with a few dark text-like lines
            for x in 150..<min(width, pageRight) {
                pixels[y * width + x] = figure.contains(x) ? RGB8(40, 45, 60) : RGB8(235, 232, 225)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func extendsAPageThatContinuesPastTheBorder() {
        let image = photo(pageRight: 10_000)
        let visible = [Point(150, 40), Point(400, 40), Point(400, 260), Point(150, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(visible, in: image)
        // Seen square on, the page's plane is the photo's: 250 visible exceeds the height (220),
        // so the page is landscape A4, 220 × 1.41 long.
        #expect(abs(extended[1].x - (150 + 220 * 1.41)) < 1)
        #expect(abs(extended[2].x - (150 + 220 * 1.41)) < 1)
        #expect(extended[0] == visible[0] && extended[3] == visible[3])
        #expect(abs(extended[1].y - 40) < 1e-9 && abs(extended[2].y - 260) < 1e-9)
    }

    @Test func extendsAPageWithAPhotoPrintedAcrossItsInterior() {
        // The photo covers both interior strips (a quarter and half way across, x = 337 and 275),
        // darker than the paper along the cut as print is; the page still goes on.
        let image = photo(pageRight: 10_000, figure: 230..<350)
        let visible = [Point(150, 40), Point(400, 40), Point(400, 260), Point(150, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(visible, in: image)
        #expect(abs(extended[1].x - (150 + 220 * 1.41)) < 1)
    }

    @Test func completesAPageLongerThanA4AsLegal() {
        // 350 seen over a height of 220: longer than A4 (220 × 1.41 = 310), so US Legal.
        let image = photo(pageRight: 10_000, width: 500)
        let visible = [Point(150, 40), Point(500, 40), Point(500, 260), Point(150, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(visible, in: image)
        #expect(abs(extended[1].x - (150 + 220 * 14 / 8.5)) < 1)
        #expect(abs(extended[2].x - (150 + 220 * 14 / 8.5)) < 1)
    }

    /// A 400 × 300 photo of a light page on a dark desk over x 90..<310 from y = 180 down past the
    /// bottom of the frame, printed with dark lines 2 pixels thick every 12 pixels: rows
    /// (`printRows`) or columns (else), or nothing (`blank`).
    private func pageCutAtTheBottom(printRows: Bool, blank: Bool = false) -> Image<RGB8> {
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 180..<height {
            for x in 90..<310 {
                let across = printRows ? y - 180 : x - 90
                let inLine = printRows ? x >= 110 && x < 290 : y >= 190
                let inked = !blank && inLine && across >= 10 && across % 12 < 2
                pixels[y * width + x] = inked ? RGB8(50, 50, 55) : RGB8(235, 232, 225)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func readsWhichWayThePrintRuns() {
        let extender = CutPageExtender(aspectRatio: 1.41)
        // The cut side is the bottom border, from (90, 300) to (310, 300); the opposite side the top.
        func direction(_ image: Image<RGB8>) -> Bool? {
            extender.printRunsAlongCut(a: Point(310, 300), b: Point(90, 300),
                                       pa: Point(310, 180), pb: Point(90, 180), in: image)
        }
        #expect(direction(pageCutAtTheBottom(printRows: true)) == true)
        #expect(direction(pageCutAtTheBottom(printRows: false)) == false)
        #expect(direction(pageCutAtTheBottom(printRows: true, blank: true)) == nil)
    }

    @Test func completesAnUprightPageCutAtItsFootToItsLongSide() {
        // 120 seen below a width of 220: less than A4's short side for that width (156), but the
        // print runs along the cut, so the cut is the page's foot and the page 220 × 1.41 long.
        let visible = [Point(90, 180), Point(310, 180), Point(310, 300), Point(90, 300)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let extended = extender.extend(visible, in: pageCutAtTheBottom(printRows: true))
        #expect(abs(extended[2].y - (180 + 220 * 1.41)) < 1 && abs(extended[3].y - (180 + 220 * 1.41)) < 1)
        // Print across the cut: the cut is one of the page's long sides, the page on its side.
        let turned = extender.extend(visible, in: pageCutAtTheBottom(printRows: false))
        #expect(abs(turned[2].y - (180 + 220 / 1.41)) < 1 && abs(turned[3].y - (180 + 220 / 1.41)) < 1)
        // No print to read: the shorter proportion that exceeds what is seen, as before.
        let blank = extender.extend(visible, in: pageCutAtTheBottom(printRows: true, blank: true))
        #expect(abs(blank[2].y - (180 + 220 / 1.41)) < 1)
    }

    /// An A4 page (210 × 297 units) photographed through `PageCompletion`'s camera for an
    /// 800 × 600 photo, tipped back 40° and turned 18° in its plane, so that its head lies past
    /// the frame's top border and the border crosses its two long sides at different heights on
    /// the page: the photo point of page point (u, v).
    private func tiltedPage(u: Double, v: Double) -> Point {
        let focal = 1000 * PhoneCamera.focalLengthPerDiagonal
        let (tilt, turn) = (40 * Double.pi / 180, 18 * Double.pi / 180)
        // The page's axes in camera space: Rx(tilt) · Rz(turn) applied to x and y.
        let across = (x: cos(turn), y: sin(turn) * cos(tilt), z: sin(turn) * sin(tilt))
        let down = (x: -sin(turn), y: cos(turn) * cos(tilt), z: cos(turn) * sin(tilt))
        let x = -100 + u * across.x + v * down.x
        let y = -330 + u * across.y + v * down.y
        let z = 480 + u * across.z + v * down.z
        return Point(400 + focal * x / z, 300 + focal * y / z)
    }

    /// Where side u of `tiltedPage` meets the frame's top border, as page height v.
    private func heightAtTopBorder(u: Double) -> Double {
        var (low, high) = (0.0, 297.0)
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if tiltedPage(u: u, v: mid).y < 0 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    @Test func closesTheVisiblePartOfATiltedPageParallelToItsFarSide() {
        // The border crosses the left side 87 units down the page and the right side 19 units
        // down; trimming both sides to one length in the photo leaves a closing line 13 units
        // askew on the page, across two lines of print (`readsThePrintOfATiltedPageCutAtASlant`).
        let a = tiltedPage(u: 0, v: heightAtTopBorder(u: 0)), b = tiltedPage(u: 210, v: heightAtTopBorder(u: 210))
        let pa = tiltedPage(u: 0, v: 297), pb = tiltedPage(u: 210, v: 297)
        let extender = CutPageExtender(aspectRatio: 1.41)
        let closed = extender.visibleRectangle(a: a, b: b, pa: pa, pb: pb, width: 800, height: 600)
        let corners = [Point(0, 0), Point(210, 0), Point(210, 297), Point(0, 297)]
        let photo = corners.map { tiltedPage(u: $0.x, v: $0.y) }
        guard let toPage = Homography(from: photo, to: corners) else {
            Issue.record("no homography")
            return
        }
        let (onPageA, onPageB) = (toPage.apply(closed.a), toPage.apply(closed.b))
        #expect(abs(onPageA.x) < 0.01 && abs(onPageB.x - 210) < 0.01)
        #expect(abs(onPageA.y - onPageB.y) < 0.01)
        // The larger of the visible rectangles: one corner stays where the border cuts its side.
        #expect(closed.a == a || closed.b == b)
        #expect(abs(onPageA.y - heightAtTopBorder(u: 0)) < 0.01)
    }

    @Test func readsThePrintOfATiltedPageCutAtASlant() {
        // Lines of words 2 units thick every 6 units along the page's head, where the frame cuts
        // it, their letters' strokes 3 units apart; the desk is dark. Averaged along lines 13
        // units askew (both sides trimmed to one length in the photo), the rows alternate 1.9
        // times as much as the columns (660 against 353), under `printRatio`: no direction.
        let width = 800, height = 600
        let corners = [Point(0, 0), Point(210, 0), Point(210, 297), Point(0, 297)]
        guard let toPage = Homography(from: corners.map { tiltedPage(u: $0.x, v: $0.y) }, to: corners) else {
            Issue.record("no homography")
            return
        }
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = toPage.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.x >= 0, p.x < 210, p.y >= 0, p.y < 297 else { continue }
                let line = Int(p.y / 6), word = Int((p.x + Double(line * 7 % 11)) / 13)
                let inked = p.x > 15 && p.x < 195 && p.y.truncatingRemainder(dividingBy: 6) < 2
                    && Int(p.x + Double(line * 7 % 11)) % 13 < 10 && (line + word) % 5 != 0
                    && (p.x + Double(word % 3)).truncatingRemainder(dividingBy: 3) < 1.8
                pixels[y * width + x] = inked ? RGB8(50, 50, 55) : RGB8(235, 232, 225)
            }
        }
        let image = Image(width: width, height: height, pixels: pixels)
        let a = tiltedPage(u: 0, v: heightAtTopBorder(u: 0)), b = tiltedPage(u: 210, v: heightAtTopBorder(u: 210))
        let direction = CutPageExtender(aspectRatio: 1.41).printRunsAlongCut(
            a: a, b: b, pa: tiltedPage(u: 0, v: 297), pb: tiltedPage(u: 210, v: 297), in: image)
        #expect(direction == true)
    }

    @Test func choosesTheLengthAcrossTheCutFromThePrint() {
        let extender = CutPageExtender(aspectRatio: 1.41)
        // Along the cut: A4's long side, else Legal's; never the short side.
        #expect(extender.extent(width: 100, seen: 50, printAlongCut: true) == 141)
        #expect(abs((extender.extent(width: 100, seen: 150, printAlongCut: true) ?? 0) - 100 * 14 / 8.5) < 1e-9)
        #expect(extender.extent(width: 100, seen: 170, printAlongCut: true) == nil)
        // Across the cut: A4's short side, else Letter's, then a page on its side.
        #expect(abs((extender.extent(width: 100, seen: 50, printAlongCut: false) ?? 0) - 100 / 1.41) < 1e-9)
        #expect(abs((extender.extent(width: 100, seen: 72, printAlongCut: false) ?? 0) - 100 * 8.5 / 11) < 1e-9)
        #expect(extender.extent(width: 100, seen: 90, printAlongCut: false) == 141)
        // Unknown: the short side first.
        #expect(abs((extender.extent(width: 100, seen: 50, printAlongCut: nil) ?? 0) - 100 / 1.41) < 1e-9)
        // Past the wider short side every direction gives the same length, so none is read; with
        // a paper squarer than Letter too.
        for ratio in [1.41, 1.2] {
            let extender = CutPageExtender(aspectRatio: ratio)
            for seen in stride(from: 10.0, through: 200, by: 2.5) {
                let lengths = [true, false, nil].map { extender.extent(width: 100, seen: seen, printAlongCut: $0) }
                let same = lengths.allSatisfy { $0 == lengths[0] }
                #expect(extender.dependsOnPrint(width: 100, seen: seen) == !same, "ratio \(ratio), seen \(seen)")
            }
        }
    }

    /// An A4 page (210 × 297 mm) on a table tilted 25° away from a phone camera (26 mm
    /// equivalent), its far end beyond the top of a 1600 × 1200 photo: completed on its plane,
    /// the hidden corners land where the camera would have seen them; lengthening the sides in
    /// the photo instead misses by hundreds of pixels, since the far part is foreshortened.
    @Test func completesARecedingPageInPerspective() throws {
        let camera = PageCompletion(width: 1600, height: 1200)
        let page = PinholePage(focalLength: camera.focalLength, centre: Point(800, 600), tiltDegrees: 25, turnDegrees: 8,
                               origin: SIMD3(-100, 60, 220))
        // Corners: near-left, near-right (bottom of the photo), far-right, far-left (above it).
        let (nearLeft, nearRight, farRight, farLeft) = (page.nearLeft, page.nearRight, page.farRight, page.farLeft)
        try #require(farLeft.y < 0 && farRight.y < 0 && nearLeft.y < 1200 && nearRight.y < 1200)
        // What the photo shows: the sides cut where they leave the frame (y = 0).
        let seenLeft = PinholePage.topCrossing(nearLeft, farLeft), seenRight = PinholePage.topCrossing(nearRight, farRight)
        let completed = try #require(camera.complete(a: seenLeft, b: seenRight, pa: nearLeft, pb: nearRight) { width, seen in
            #expect(seen < width * 297 / 210)
            return width * 297 / 210
        })
        #expect(abs(completed.a.x - farLeft.x) < 2 && abs(completed.a.y - farLeft.y) < 2, "\(completed.a) vs \(farLeft)")
        #expect(abs(completed.b.x - farRight.x) < 2 && abs(completed.b.y - farRight.y) < 2, "\(completed.b) vs \(farRight)")
        // Lengthening in the photo to the same proportion of the near side misses by far.
        let width = ((nearRight.x - nearLeft.x) * (nearRight.x - nearLeft.x) + (nearRight.y - nearLeft.y) * (nearRight.y - nearLeft.y)).squareRoot()
        let flatReach = nearLeft.y - width * 297 / 210
        #expect(abs(flatReach - farLeft.y) > 100, "image-space completion \(flatReach) vs true \(farLeft.y)")
    }

    /// The same page in a 16:9 photo (1920 × 1080) from a phone whose 4:3 sensor has the 26 mm-
    /// equivalent lens: the photo is the frame's middle rows, so its focal length is that of a
    /// 1920 × 1440 frame (1442 px), longer than 26 / 43.27 of the photo's own diagonal (1324 px).
    /// The completion assumes it, and lands on the hidden corners.
    @Test func completesARecedingPageInAWidePhoto() throws {
        let focal = 2400 * 26 / 43.27  // 1920 × 1440 has a 2400 px diagonal
        let page = PinholePage(focalLength: focal, centre: Point(960, 540), tiltDegrees: 30, turnDegrees: 5,
                               origin: SIMD3(-100, 70, 260))
        let (nearLeft, nearRight, farRight, farLeft) = (page.nearLeft, page.nearRight, page.farRight, page.farLeft)
        try #require(farLeft.y < 0 && farRight.y < 0 && nearLeft.y < 1080 && nearRight.y < 1080)
        let camera = PageCompletion(width: 1920, height: 1080)
        let completed = try #require(camera.complete(a: PinholePage.topCrossing(nearLeft, farLeft),
                                                     b: PinholePage.topCrossing(nearRight, farRight),
                                                     pa: nearLeft, pb: nearRight) { width, _ in width * 297 / 210 })
        #expect(abs(completed.a.x - farLeft.x) < 2 && abs(completed.a.y - farLeft.y) < 2, "\(completed.a) vs \(farLeft)")
        #expect(abs(completed.b.x - farRight.x) < 2 && abs(completed.b.y - farRight.y) < 2, "\(completed.b) vs \(farRight)")
    }

    /// A page photographed through a 2× telephoto lens (52 mm-equivalent, as its EXIF would say)
    /// in a 1600 × 1200 photo: completed with that focal length, the hidden corners land where
    /// the camera saw them; with a phone's main camera assumed, far off.
    @Test func completesWithTheFocalLengthThePhotoStates() throws {
        let focal = 2000 * 52 / 43.27
        let page = PinholePage(focalLength: focal, centre: Point(800, 600), tiltDegrees: 35, turnDegrees: 6,
                               origin: SIMD3(-100, 30, 520))
        let (nearLeft, nearRight, farRight, farLeft) = (page.nearLeft, page.nearRight, page.farRight, page.farLeft)
        try #require(farLeft.y < 0 && farRight.y < 0 && nearLeft.y < 1200 && nearRight.y < 1200)
        let (seenLeft, seenRight) = (PinholePage.topCrossing(nearLeft, farLeft), PinholePage.topCrossing(nearRight, farRight))
        let a4 = { (width: Double, _: Double) -> Double? in width * 297 / 210 }
        let stated = try #require(PageCompletion(width: 1600, height: 1200, focalLength: focal)
            .complete(a: seenLeft, b: seenRight, pa: nearLeft, pb: nearRight, extent: a4))
        #expect(stated.a.distance(to: farLeft) < 2 && stated.b.distance(to: farRight) < 2, "\(stated) vs \(farLeft), \(farRight)")
        let assumed = try #require(PageCompletion(width: 1600, height: 1200)
            .complete(a: seenLeft, b: seenRight, pa: nearLeft, pb: nearRight, extent: a4))
        #expect(assumed.a.distance(to: farLeft) > 20, "\(assumed.a) vs \(farLeft)")
        // A focal length that is not a positive number falls back to the phone's.
        #expect(PageCompletion(width: 1600, height: 1200, focalLength: -1).focalLength == PageCompletion(width: 1600, height: 1200).focalLength)
    }

    @Test func keepsAPageWhoseSideIsInsideTheFrame() {
        // The detector closed the outline at the frame although the page ends at x = 300.
        let image = photo(pageRight: 300)
        let closed = [Point(150, 40), Point(400, 40), Point(400, 260), Point(150, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(closed, in: image)
        #expect(extended == closed)
    }

    @Test func keepsAPageWhollyInTheFrame() {
        let image = photo(pageRight: 350)
        let inside = [Point(150, 40), Point(350, 40), Point(350, 260), Point(150, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(inside, in: image)
        #expect(extended == inside)
    }

    /// A light page (x 100…330, down to y = 260) on a light desk, running past the top of the
    /// frame, its rows 0 to `headRows` coloured `head`.
    private func pageUnderAHead(headRows: Int, head: RGB8) -> Image<RGB8> {
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(200, 190, 180), count: width * height)
        for y in 0..<260 {
            for x in 100..<330 { pixels[y * width + x] = y < headRows ? head : RGB8(240, 238, 232) }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func extendsAPageWithAPictureAlongTheCut() {
        // A dark picture runs along the cut, far darker than the paper and farther from the desk
        // than the paper is: print, not the desk, so the page goes on past the border.
        let image = pageUnderAHead(headRows: 30, head: RGB8(50, 52, 50))
        let cut = [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(cut, in: image)
        // 260 seen over a width of 230: A4 upright, 230 × 1.41 long, its top hidden.
        #expect(abs(extended[0].y - (260 - 230 * 1.41)) < 1 && abs(extended[1].y - (260 - 230 * 1.41)) < 1,
                "\(extended)")
    }

    @Test func keepsAPageShadedGreyAlongTheCut() {
        // Along the cut the strip is a grey as far from the paper as the picture's would be a
        // step, but no farther from the desk than the paper is: the paper in shade, or another
        // surface, not print; the page is not taken to go on.
        let image = pageUnderAHead(headRows: 30, head: RGB8(150, 148, 142))
        let cut = [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)]
        #expect(CutPageExtender(aspectRatio: 1.41).extend(cut, in: image) == cut)
    }

    /// A light page on a dark desk (or on one of `desk`'s colour), running past the top of the
    /// frame, with a dark rule (a heading's underline) across it at y = `ruleRow` and dark print
    /// over the rows `printRows`; and, when `neighbourSheet`, a second light sheet filling the
    /// desk above the page's top side at y = 40 instead.
    private func ruledPhoto(neighbourSheet: Bool, ruleRow: Int = 12, printRows: Range<Int> = 0..<0,
                            desk: RGB8 = RGB8(60, 50, 45)) -> Image<RGB8> {
        let width = 400, height = 300
        var pixels = [RGB8](repeating: desk, count: width * height)
        for y in 0..<260 {
            for x in 0..<width {
                let onPage = x >= 100 && x < 330 && (neighbourSheet ? y >= 40 : true)
                let onSheet = neighbourSheet && y < 38
                if onPage || onSheet { pixels[y * width + x] = RGB8(235, 232, 225) }
                let inked = (ruleRow...ruleRow + 1).contains(y) || printRows.contains(y)
                if !neighbourSheet && onPage && inked { pixels[y * width + x] = RGB8(40, 40, 40) }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func movesASideOnARuleNearTheBorderOntoTheBorder() {
        // The search took the rule for the page's top side; the page's left and right sides run
        // on past it to the frame's top, so the page is cut there and completed beyond it.
        let image = ruledPhoto(neighbourSheet: false)
        let onRule = [Point(100, 12), Point(330, 12), Point(330, 260), Point(100, 260)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reached = extender.reachingBorder(onRule, in: image)
        #expect(reached == [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)])
        let extended = extender.extend(onRule, in: image)
        // 260 seen over a width of 230: the page is A4 upright, 230 × 1.41 long, its top hidden.
        #expect(abs(extended[0].y - (260 - 230 * 1.41)) < 1 && abs(extended[1].y - (260 - 230 * 1.41)) < 1)
    }

    @Test func movesASideOnARuleOntoTheBorderAbovePrint() {
        // Print darkens the interior a quarter of the way down (y = 74), as dense text or a figure
        // does: the band above the rule is still the paper of the interior half way down.
        let image = ruledPhoto(neighbourSheet: false, printRows: 60..<90)
        let onRule = [Point(100, 12), Point(330, 12), Point(330, 260), Point(100, 260)]
        let reached = CutPageExtender(aspectRatio: 1.41).reachingBorder(onRule, in: image)
        #expect(reached == [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)])
    }

    @Test func movesASideOnARuleOntoTheBorderBelowAColouredHeading() {
        // A form's blue heading bar fills the band above the rule the search took for the top
        // side, darker than the paper half way down, but like the shaded table a quarter of the
        // way down and unlike the desk: it is the page's head, cut by the frame.
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 0..<260 {
            for x in 100..<330 {
                let colour: RGB8 = switch y {
                case 0..<12: RGB8(100, 117, 147)
                case 12..<14: RGB8(40, 40, 40)
                case 60..<90: RGB8(142, 162, 189)
                default: RGB8(235, 232, 225)
                }
                pixels[y * width + x] = colour
            }
        }
        let image = Image(width: width, height: height, pixels: pixels)
        let onRule = [Point(100, 12), Point(330, 12), Point(330, 260), Point(100, 260)]
        let reached = CutPageExtender(aspectRatio: 1.41).reachingBorder(onRule, in: image)
        #expect(reached == [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)])
    }

    @Test func keepsADarkCardsSideNearTheBorderBesideALightStrip() {
        // A dark blue card from y = 30 on a grey desk, a light strip of it along the frame's top:
        // the band above the card's top side steps from the desk beyond its other sides, as a page
        // would, but it is lighter than all of the card, not paper like any of its interior.
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(110, 108, 105), count: width * height)
        for y in 0..<30 {
            for x in 0..<width { pixels[y * width + x] = RGB8(200, 195, 185) }
        }
        for y in 30..<200 {
            for x in 100..<330 { pixels[y * width + x] = RGB8(30, 70, 160) }
        }
        let image = Image(width: width, height: height, pixels: pixels)
        let card = [Point(100, 30), Point(330, 30), Point(330, 200), Point(100, 200)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let isBand = extender.isPageBand(card, side: 0, to: [Point(100, 0), Point(330, 0)], in: image)
        #expect(!isBand)
        let reached = extender.reachingBorder(card, in: image)
        #expect(reached == nil)
    }

    @Test func movesASideOnARuleFarFromTheBorderOntoTheBorder() {
        // A rule across the page's lower half: the band above it (150 pixels) is longer than the
        // page seen below it (110), which does not make the rule the page's side.
        let image = ruledPhoto(neighbourSheet: false, ruleRow: 150)
        let onRule = [Point(100, 150), Point(330, 150), Point(330, 260), Point(100, 260)]
        let reached = CutPageExtender(aspectRatio: 1.41).reachingBorder(onRule, in: image)
        #expect(reached == [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)])
    }

    @Test func movesASideOnARuleOntoTheBorderOnALightDesk() {
        // A light grey desk: the page (235, 232, 225) differs from it by less than
        // `maximumStripDifference`, but the band above the rule steps from the desk as much as
        // the page does, and so do the page's sides on past the rule.
        let image = ruledPhoto(neighbourSheet: false, desk: RGB8(200, 198, 195))
        let onRule = [Point(100, 12), Point(330, 12), Point(330, 260), Point(100, 260)]
        let reached = CutPageExtender(aspectRatio: 1.41).reachingBorder(onRule, in: image)
        #expect(reached == [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)])
    }

    @Test func keepsASideOnARuleOnADeskOfThePagesOwnColour() {
        // White on white: the page differs from the desk by less than `minimumPageContrast`,
        // where shading could make up the step, so nothing is moved.
        let image = ruledPhoto(neighbourSheet: false, desk: RGB8(225, 223, 218))
        let onRule = [Point(100, 12), Point(330, 12), Point(330, 260), Point(100, 260)]
        let reached = CutPageExtender(aspectRatio: 1.41).reachingBorder(onRule, in: image)
        #expect(reached == nil)
    }

    @Test func keepsARealSideNearTheBorderOnALightDesk() {
        // The page's own top side at y = 40, the light grey desk above it, lit a little more
        // towards the bottom: the band is the desk, a few grey levels off the desk beside the
        // page, far less than the page's own step.
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(0, 0, 0), count: width * height)
        for y in 0..<height {
            let desk = UInt8(195 + y / 30)
            for x in 0..<width {
                let onPage = (40..<260).contains(y) && (100..<330).contains(x)
                pixels[y * width + x] = onPage ? RGB8(235, 232, 225) : RGB8(desk, desk - 2, desk - 5)
            }
        }
        let image = Image(width: width, height: height, pixels: pixels)
        let page = [Point(100, 40), Point(330, 40), Point(330, 260), Point(100, 260)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reached = extender.reachingBorder(page, in: image)
        #expect(reached == nil)
        let isBand = extender.isPageBand(page, side: 0, to: [Point(100, 0), Point(330, 0)], in: image)
        #expect(!isBand)
    }

    @Test func keepsASideWithAnotherSheetBeyondIt() {
        // Light paper beyond the top side too, but the page's left and right sides end at its
        // corners: the desk is dark on both sides of their continuation.
        let image = ruledPhoto(neighbourSheet: true)
        let page = [Point(100, 40), Point(330, 40), Point(330, 260), Point(100, 260)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reached = extender.reachingBorder(page, in: image), extended = extender.extend(page, in: image)
        #expect(reached == nil)
        #expect(extended == page)
    }

    /// An A4 page tipped back 20° from a phone camera in a 400 × 300 photo and turned by
    /// `turnDegrees`, its far end beyond the frame's top. `tippedPhoto` draws it light on a dark
    /// desk over page heights up to `pageEnd` (its own far side there when short of 297), with a
    /// dark rule across it up to height `rule` (about two pixels), and, above row `sheetBelow` − 2,
    /// another light sheet over the whole width.
    private func tippedPage(turnDegrees: Double) -> PinholePage {
        PinholePage(focalLength: PhoneCamera.focalLength(width: 400, height: 300), centre: Point(200, 150),
                    tiltDegrees: 20, turnDegrees: turnDegrees, origin: SIMD3(-110, 81, 220))
    }

    private func tippedPhoto(_ page: PinholePage, pageEnd: Double = 297, rule: Double? = nil,
                             sheetBelow: Int? = nil) throws -> Image<RGB8> {
        let outline = Quad(topLeft: page.farLeft, topRight: page.farRight, bottomRight: page.nearRight,
                           bottomLeft: page.nearLeft)
        let toPage = try #require(Homography(mapping: outline, to: Quad(
            topLeft: Point(0, 297), topRight: Point(210, 297), bottomRight: Point(210, 0), bottomLeft: Point(0, 0))))
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = toPage.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                if let sheetBelow, y < sheetBelow - 2 { pixels[y * width + x] = RGB8(235, 232, 225) }
                guard p.x >= 0, p.x <= 210, p.y >= 0, p.y <= pageEnd else { continue }
                let inked = rule.map { p.y > $0 - 2.5 && p.y <= $0 } ?? false
                pixels[y * width + x] = inked ? RGB8(40, 40, 40) : RGB8(235, 232, 225)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// The page height at which `page`'s middle is seen at row y.
    private func height(of page: PinholePage, atRow y: Double) -> Double {
        var (low, high) = (0.0, 297.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if page.project(105, middle).y > y { low = middle } else { high = middle }
        }
        return low
    }

    @Test func movesASideOnARuleJustShortOfTheBorderOntoTheBorder() throws {
        // A page taken too close: the search took a rule 4 pixels below the frame's top for the
        // page's top side. The stretches of its receding sides from there to the border are 4
        // pixels long, and the strips beside them, offset across the slanted sides, end beyond
        // the border; read over their part inside the frame, the page's edge goes on, and the
        // page is completed to its hidden corners.
        let page = tippedPage(turnDegrees: 0)
        try #require(page.farLeft.y < -20 && page.farRight.y < -20 && page.nearLeft.y < 300 && page.nearRight.y < 300)
        let rule = height(of: page, atRow: 4)
        let image = try tippedPhoto(page, rule: rule)
        let onRule = [page.project(0, rule), page.project(210, rule), page.nearRight, page.nearLeft]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reaching = extender.reachingBorder(onRule, in: image)
        let reached = try #require(reaching)
        #expect(reached[0].distance(to: PinholePage.topCrossing(page.nearLeft, page.farLeft)) < 1e-6
                && reached[1].distance(to: PinholePage.topCrossing(page.nearRight, page.farRight)) < 1e-6, "\(reached)")
        let extended = extender.extend(onRule, in: image)
        #expect(extended[0].distance(to: page.farLeft) < 3 && extended[1].distance(to: page.farRight) < 3,
                "\(extended) vs \(page.farLeft), \(page.farRight)")
    }

    @Test func keepsASideJustShortOfTheBorderWithAnotherSheetBeyondIt() throws {
        // The page ends 8 pixels below the frame's top, another light sheet beyond a strip of desk:
        // the band above its side is paper, but the page's receding sides end at its corners, the
        // sheet and the desk alike on both sides of their continuation.
        let page = tippedPage(turnDegrees: 0)
        let end = height(of: page, atRow: 8)
        let image = try tippedPhoto(page, pageEnd: end, sheetBelow: 8)
        let outline = [page.project(0, end), page.project(210, end), page.nearRight, page.nearLeft]
        let extender = CutPageExtender(aspectRatio: 1.41)
        #expect(extender.reachingBorder(outline, in: image) == nil)
        #expect(extender.extend(outline, in: image) == outline)
    }

    /// A light page on a dark desk, x 100…330, 300 pixels tall. With `slantedRule`, it runs past
    /// the frame's top and a dark rule crosses it from y = −4 at its left side to y = 20 at its
    /// right, leaving the frame near the left; without, it starts at y = 40 and its bottom side runs
    /// from y = 290 at the left to y = 310 at the right, so that side leaves the frame.
    private func slantedPhoto(slantedRule: Bool) -> Image<RGB8> {
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 0..<height {
            for x in 100..<330 {
                let along = Double(x - 100) / 230
                let onPage = slantedRule ? y < 260 : y >= 40 && Double(y) < 290 + 20 * along
                guard onPage else { continue }
                let onRule = slantedRule && abs(Double(y) - (-4 + 24 * along)) < 1
                pixels[y * width + x] = onRule ? RGB8(40, 40, 40) : RGB8(235, 232, 225)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func movesASideOnARuleCrossingTheBorderOntoTheBorder() {
        // The rule was taken for the top side, its left corner just above the frame: the page
        // runs on past it to the frame's top all the same.
        let image = slantedPhoto(slantedRule: true)
        let onRule = [Point(100, -4), Point(330, 20), Point(330, 260), Point(100, 260)]
        let reached = CutPageExtender(aspectRatio: 1.41).reachingBorder(onRule, in: image)
        #expect(reached == [Point(100, 0), Point(330, 0), Point(330, 260), Point(100, 260)])
    }

    @Test func keepsARealSideCrossingTheBorder() {
        // The page's bottom side leaves the frame at its right end; below its part inside the
        // frame lies the desk, so it is the page's side, not a line on the page.
        let image = slantedPhoto(slantedRule: false)
        let page = [Point(100, 40), Point(330, 40), Point(330, 310), Point(100, 290)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reached = extender.reachingBorder(page, in: image), extended = extender.extend(page, in: image)
        #expect(reached == nil)
        #expect(extended == page)
        // The band between that side and the frame's bottom is read only inside the frame: the
        // desk. (Beyond the frame, the border row is the page, where it runs off the frame.)
        let isBand = extender.isPageBand(page, side: 2, to: [Point(330, 300), Point(100, 300)], in: image)
        #expect(!isBand)
    }

    /// A grey-white page turned 30° on a pink desk lit from the top right (dark on the left,
    /// nearly the paper's colour at the top right), 600 × 400, its top corner 6 pixels above the
    /// frame: corners (100, 120), (300, −6), (480, 300), (280, 426), the last below it.
    private func turnedPagePhoto() -> (image: Image<RGB8>, corners: [Point]) {
        let width = 600, height = 400
        let corners = [Point(100, 120), Point(300, -6), Point(480, 300), Point(280, 426)]
        var pixels = [RGB8](repeating: RGB8(0, 0, 0), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let light = Double(x) / Double(width) * (1 - Double(y) / Double(height))
                let desk = RGB8(UInt8(100 + 120 * light), UInt8(70 + 125 * light), UInt8(90 + 120 * light))
                let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                let inside = (0..<4).allSatisfy { k in
                    let a = corners[k], b = corners[(k + 1) % 4]
                    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0
                }
                pixels[y * width + x] = inside ? (y % 23 == 0 ? RGB8(60, 60, 70) : RGB8(205, 195, 212)) : desk
            }
        }
        return (Image(width: width, height: height, pixels: pixels), corners)
    }

    @Test func keepsARealSideWhoseCornerIsJustBeyondTheFrame() {
        // The page's top side leaves the frame just short of its corner, so its right side is a
        // candidate for a rule crossing the border; moved onto the top border, it would end far
        // past the frame's corner. The band it would sweep is the lit desk, as light as the page
        // and unlike the darker desk beyond the other sides, so the band alone passes it; the
        // bottom side's stretch out to the moved corner leaves the frame, and its part inside
        // has the desk on both sides: no page edge runs on there.
        let (image, corners) = turnedPagePhoto()
        let extender = CutPageExtender(aspectRatio: 1.41)
        #expect(extender.isPageBand(corners, side: 1, to: [Point(290.5, 0), Point(956, 0)], in: image))
        #expect(extender.reachingBorder(corners, in: image) == nil)
    }

    /// A light page on a dark desk running off the frame's left border, 400 × 300: its top side
    /// at y = 40 and its right side at x = 330 are in the frame, its bottom side runs down to the
    /// left from (330, 260) and leaves the frame through the bottom at x = 130. A dark line of
    /// text runs from (−5, 40) to (36, 318.8) on the bottom side's line, leaving the frame through
    /// the left border and through the bottom.
    private func frameCornerPhoto() -> Image<RGB8> {
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 40..<height {
            for x in 0..<330 where Double(y) < 260 + Double(330 - x) * 0.2 {
                let onLine = abs(Double(x) - (-5 + 41 * Double(y - 40) / 278.8)) < 1
                pixels[y * width + x] = onLine ? RGB8(40, 40, 40) : RGB8(235, 232, 225)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func movesASideRunningOffAFrameCornerOntoTheBorder() throws {
        // The line of text was taken for the page's left side. Neither of its corners is in the
        // frame, so the page's top and bottom sides cannot be followed past them; the band
        // between the line and the left border, light as the page and unlike the desk beyond
        // its other sides, decides: the side moves onto the border, its lower end beyond the
        // frame's corner, and the page is completed to the left.
        let image = frameCornerPhoto()
        let onLine = [Point(-5, 40), Point(330, 40), Point(330, 260), Point(36, 318.8)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reaching = extender.reachingBorder(onLine, in: image)
        let reached = try #require(reaching)
        #expect(abs(reached[0].x) < 1e-9 && abs(reached[0].y - 40) < 1e-9)
        #expect(abs(reached[3].x) < 1e-9 && abs(reached[3].y - (260 + 330 * 0.2)) < 1e-6)
        #expect(reached[1] == onLine[1] && reached[2] == onLine[2])
        let extended = extender.extend(onLine, in: image)
        #expect(extended[0].x < 0 && extended[3].x < 0, "\(extended)")
    }

    @Test func keepsABooksGutterWithTheFacingPageBeyondIt() {
        // An open book, 400 × 300: the left page from x = 30 to the gutter at x = 300, its top
        // and bottom sides leaving the frame towards the gutter, and the facing page beyond it up
        // to the right border. The band between the gutter and the border is paper, unlike the
        // desk beyond the page's left side, but nothing in the frame shows the left page going
        // on past the gutter: its top and bottom sides leave the frame before they reach it.
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 0..<height {
            for x in 30..<width {
                let along = Double(x - 30) / 270
                let onLeftPage = x < 300 && Double(y) >= 30 - 50 * along && Double(y) < 270 + 50 * along
                if onLeftPage || x > 301 { pixels[y * width + x] = RGB8(235, 232, 225) }
                if (300...301).contains(x) { pixels[y * width + x] = RGB8(90, 85, 80) }
            }
        }
        let image = Image(width: width, height: height, pixels: pixels)
        let leftPage = [Point(30, 30), Point(300, -20), Point(300, 320), Point(30, 270)]
        let extender = CutPageExtender(aspectRatio: 1.41)
        let reached = extender.reachingBorder(leftPage, in: image)
        #expect(reached == nil)
        let extended = extender.extend(leftPage, in: image)
        #expect(extended == leftPage)
    }

    @Test func rejectsAnAspectRatioBelowOne() {
        var options = DetectionOptions()
        options.cutPageAspectRatio = 0.5
        #expect(throws: DetectionError.invalidOption(name: "cutPageAspectRatio", value: 0.5)) {
            try DocumentDetector(options: options)
        }
    }
}

import ScanCore
import Testing
@testable import ScanEnhance

@Suite("Aspect ratio from a perspective view")
struct AspectRatioEstimatorTests {
    static let papers: [PaperSize] = [.a4, .letter, .id1]

    /// Views tilted about both page axes, up to 40° in all: the focal length is recoverable.
    static let leaningPoses = [Pose(28, 28, 0), Pose(20, -25, 10), Pose(-30, 15, -20), Pose(10, 35, 45), Pose(-25, -28, 5), Pose(8, 6, -3)]

    /// Views tilted about one axis only (one pair of sides stays parallel) or not at all.
    static let singleAxisPoses = [Pose(40, 0, 0), Pose(0, 40, 0), Pose(0, -35, 25), Pose(-30, 0, -15), Pose(25, 0, 90), Pose(0, 0, 0)]

    static let cameras = [
        PinholeCamera.phone(width: 4032, height: 3024),
        PinholeCamera(imageWidth: 1920, imageHeight: 1080, focalLength: 1500),
    ]

    /// A view where the page's long side spans about 60 % of the image height.
    static func view(_ paper: PaperSize, _ pose: Pose, camera: PinholeCamera) -> Quad {
        let distance = camera.focalLength * paper.height / (0.6 * camera.imageHeight)
        return camera.view(width: paper.width, height: paper.height, pose: pose, distance: distance).quad
    }

    static func relativeError(_ estimate: Double, _ truth: Double) -> Double { abs(estimate / truth - 1) }

    @Test("recovers the focal length and the ratio within 2 % when both axes lean", arguments: papers, leaningPoses)
    func leaning(paper: PaperSize, pose: Pose) {
        #expect(pose.tilt <= 40.01)
        for camera in Self.cameras {
            let quad = Self.view(paper, pose, camera: camera)
            let estimate = AspectRatioEstimator().estimate(quad, imageSize: Size(width: camera.imageWidth, height: camera.imageHeight))
            #expect(estimate.method == .recoveredFocalLength)
            #expect(Self.relativeError(estimate.focalLength ?? 0, camera.focalLength) < 0.02)
            #expect(Self.relativeError(estimate.aspectRatio, paper.portraitAspectRatio) < 0.02, "\(paper) \(pose): \(estimate)")
        }
    }

    @Test("falls back to a phone's focal length when one pair of sides stays parallel", arguments: papers, singleAxisPoses)
    func singleAxisWithPhonePrior(paper: PaperSize, pose: Pose) {
        #expect(pose.tilt <= 40.01)
        let camera = PinholeCamera.phone(width: 4032, height: 3024)
        let quad = Self.view(paper, pose, camera: camera)
        let estimate = AspectRatioEstimator().estimate(quad, imageSize: Size(width: 4032, height: 3024))
        #expect(estimate.method == .assumedFocalLength)
        #expect(Self.relativeError(estimate.aspectRatio, paper.portraitAspectRatio) < 0.02, "\(paper) \(pose): \(estimate)")
    }

    @Test("uses the focal length hint (from EXIF) when the quad cannot give one", arguments: papers, singleAxisPoses)
    func singleAxisWithHint(paper: PaperSize, pose: Pose) {
        // A long lens, far from the phone prior: without the hint the ratio would be off.
        let camera = PinholeCamera(imageWidth: 3000, imageHeight: 2000, focalLength: 5200)
        let quad = Self.view(paper, pose, camera: camera)
        let size = Size(width: 3000, height: 2000)
        let hinted = AspectRatioEstimator(focalLengthHint: 5200).estimate(quad, imageSize: size)
        #expect(hinted.method == .assumedFocalLength)
        #expect(hinted.focalLength == 5200)
        #expect(Self.relativeError(hinted.aspectRatio, paper.portraitAspectRatio) < 0.02, "\(paper) \(pose): \(hinted)")
        if pose.tilt >= 25 {
            let unhinted = AspectRatioEstimator().estimate(quad, imageSize: size)
            #expect(Self.relativeError(unhinted.aspectRatio, paper.portraitAspectRatio) > 0.02)
        }
    }

    @Test("a landscape view gives a ratio above 1")
    func landscape() {
        let camera = PinholeCamera.phone(width: 4032, height: 3024)
        let quad = camera.view(width: PaperSize.id1.height, height: PaperSize.id1.width, pose: Pose(15, -20, 5), distance: 200).quad
        let estimate = AspectRatioEstimator().estimate(quad, imageSize: Size(width: 4032, height: 3024))
        #expect(Self.relativeError(estimate.aspectRatio, 1 / PaperSize.id1.portraitAspectRatio) < 0.02)
    }

    @Test("the side-length estimate is biased by foreshortening, which the camera model removes")
    func sideLengthsAreWorse() {
        let camera = PinholeCamera.phone(width: 4032, height: 3024)
        let quad = Self.view(.a4, Pose(40, 0, 0), camera: camera)
        let sides = quad.sideLengths
        let naive = (sides[0] + sides[2]) / (sides[1] + sides[3])
        let estimate = AspectRatioEstimator().estimate(quad, imageSize: Size(width: 4032, height: 3024))
        #expect(Self.relativeError(naive, PaperSize.a4.portraitAspectRatio) > 0.1)
        #expect(Self.relativeError(estimate.aspectRatio, PaperSize.a4.portraitAspectRatio) < 0.02)
    }
}

@Suite("Paper sizes")
struct PaperSizeTests {
    @Test("snaps ratios within the tolerance to the nearest catalogue size", arguments: [
        (0.71, "a4"), (0.70, "a4"), (1 / 0.707, "a4"), (0.775, "letter"), (0.6, "legal"), (1.59, "id-1"), (0.63, "id-1"),
    ])
    func snaps(ratio: Double, name: String) {
        #expect(PaperSize.snapping(aspectRatio: ratio, tolerance: 0.03)?.name == name)
    }

    @Test("leaves ratios far from every size alone", arguments: [0.5, 0.85, 1.0, 1.2, 2.5, 0, -.infinity, .nan])
    func noSnap(ratio: Double) {
        #expect(PaperSize.snapping(aspectRatio: ratio, tolerance: 0.03) == nil)
    }

    @Test("stores the shorter side as the width and parses names")
    func catalogue() {
        #expect(PaperSize(name: "x", width: 297, height: 210) == PaperSize.a4.renamed("x"))
        #expect(abs(PaperSize.letter.width - 215.9) < 1e-9 && abs(PaperSize.letter.height - 279.4) < 1e-9)
        #expect(PaperSize.named("A4") == .a4)
        #expect(PaperSize.named("ID-1") == .id1)
        #expect(PaperSize.named("b5") == nil)
        #expect(PageSizeChoice(argument: "Letter") == .paper(.letter))
        #expect(PageSizeChoice(argument: "fit") == .fit)
        #expect(PageSizeChoice(argument: "auto") == .auto)
        #expect(PageSizeChoice(argument: "tabloid") == nil)
    }
}

extension PaperSize {
    func renamed(_ name: String) -> PaperSize { PaperSize(name: name, width: width, height: height) }
}

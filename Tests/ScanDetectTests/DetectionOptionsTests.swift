import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

@Suite("Detection options and errors")
struct DetectionOptionsTests {
    @Test("defaults are valid")
    func defaultsValid() throws {
        try DetectionOptions().validate()
        _ = try DocumentDetector(options: DetectionOptions())
    }

    @Test("out-of-range options name themselves")
    func invalidOptions() {
        var options = DetectionOptions()
        options.confidenceThreshold = 1.5
        #expect(throws: DetectionError.invalidOption(name: "confidenceThreshold", value: 1.5)) {
            try DocumentDetector(options: options)
        }
        expectRejected("workingLongSide", 10) { $0.workingLongSide = Int($1) }
        expectRejected("sameObjectOverlap", -0.1) { $0.sameObjectOverlap = $1 }
        expectRejected("secondLookHypotheses", -1) { $0.secondLookHypotheses = Int($1) }
        expectRejected("secondLookBelow", 1.5) { $0.secondLookBelow = $1 }
        expectRejected("threeSidedMinimumArea", 1.5) { $0.threeSidedMinimumArea = $1 }
        expectRejected("widerSearchMeasured", -1) { $0.widerSearchMeasured = Int($1) }
        expectRejected("duplicateOverlap", 2.5) { $0.duplicateOverlap = $1 }
        expectRejected("tintAgreementOverlap", -0.5) { $0.tintAgreementOverlap = $1 }
        // 0 turns the elongation limit off; a limit under 1 would reject every outline.
        expectRejected("maximumElongation", 0.5, offAtZero: true) { $0.maximumElongation = $1 }
        // 0 turns a coarse look off; any other size becomes the coarse search's working size.
        expectRejected("coarseLookLongSide", 32, offAtZero: true) { $0.coarseLookLongSide = Int($1) }
        expectRejected("secondCoarseLookLongSide", 32, offAtZero: true) { $0.secondCoarseLookLongSide = Int($1) }
        // 0 turns the printed-page weighing off; fewer than 4 changes is a line or two of print.
        expectRejected("printedPageTransitions", 2, offAtZero: true) { $0.printedPageTransitions = Int($1) }
    }

    /// Expects the default options with `set(value)` to fail validation naming `name` and
    /// `value`, and, when `offAtZero`, to pass with `set(0)` (0 turning the option off).
    private func expectRejected(_ name: String, _ value: Double, offAtZero: Bool = false,
                                sourceLocation: SourceLocation = #_sourceLocation,
                                _ set: (inout DetectionOptions, Double) -> Void) {
        var options = DetectionOptions()
        set(&options, value)
        #expect(throws: DetectionError.invalidOption(name: name, value: value), sourceLocation: sourceLocation) {
            try options.validate()
        }
        guard offAtZero else { return }
        set(&options, 0)
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try options.validate() }
    }

    @Test("too small an image is no document, and check() says why")
    func tooSmall() {
        let image = constantImage(width: 20, height: 400, value: 200, as: RGB8.self)
        #expect(DocumentDetector().detect(in: image) == nil)
        #expect(throws: DetectionError.imageTooSmall(width: 20, height: 400, minimum: 32)) {
            try DocumentDetector.check(image)
        }
        let message = DetectionError.imageTooSmall(width: 20, height: 400, minimum: 32).description
        #expect(message.hasPrefix("image of 20×400 pixels is too small"))
        #expect(message == message.lowercased())
    }

    @Test("the overlay keeps the photo's size and marks the quad")
    func overlay() throws {
        let image = constantImage(width: 200, height: 100, value: 30, as: RGB8.self)
        let quad = Quad(rectangleAt: Point(40, 20), size: Size(width: 100, height: 60))
        let drawn = DebugOverlay.render(image: image, detection: Detection(quad: quad, confidence: 0.9))
        #expect(drawn.width == 200 && drawn.height == 100)
        #expect(drawn[90, 20] != image[90, 20])
        #expect(drawn[90, 50] == image[90, 50])
        #expect(image[90, 20] == RGB8(30, 30, 30), "the input is left untouched")
    }
}

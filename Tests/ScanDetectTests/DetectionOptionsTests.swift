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
        options = DetectionOptions()
        options.workingLongSide = 10
        #expect(throws: DetectionError.invalidOption(name: "workingLongSide", value: 10)) {
            try options.validate()
        }
        options = DetectionOptions()
        options.sameObjectOverlap = -0.1
        #expect(throws: DetectionError.invalidOption(name: "sameObjectOverlap", value: -0.1)) {
            try options.validate()
        }
        options = DetectionOptions()
        options.secondLookHypotheses = -1
        #expect(throws: DetectionError.invalidOption(name: "secondLookHypotheses", value: -1)) {
            try options.validate()
        }
        options = DetectionOptions()
        options.threeSidedMinimumArea = 1.5
        #expect(throws: DetectionError.invalidOption(name: "threeSidedMinimumArea", value: 1.5)) {
            try options.validate()
        }
        options = DetectionOptions()
        options.widerSearchMeasured = -1
        #expect(throws: DetectionError.invalidOption(name: "widerSearchMeasured", value: -1)) {
            try options.validate()
        }
        options = DetectionOptions()
        options.duplicateOverlap = 2.5
        #expect(throws: DetectionError.invalidOption(name: "duplicateOverlap", value: 2.5)) {
            try options.validate()
        }
        options = DetectionOptions()
        options.tintAgreementOverlap = -0.5
        #expect(throws: DetectionError.invalidOption(name: "tintAgreementOverlap", value: -0.5)) {
            try options.validate()
        }
        // 0 turns the elongation limit off; a limit under 1 would reject every outline.
        options = DetectionOptions()
        options.maximumElongation = 0.5
        #expect(throws: DetectionError.invalidOption(name: "maximumElongation", value: 0.5)) {
            try options.validate()
        }
        options.maximumElongation = 0
        #expect(throws: Never.self) { try options.validate() }
        // 0 turns a coarse look off; any other size becomes the coarse search's working size.
        options = DetectionOptions()
        options.coarseLookLongSide = 32
        #expect(throws: DetectionError.invalidOption(name: "coarseLookLongSide", value: 32)) {
            try options.validate()
        }
        options.coarseLookLongSide = 0
        #expect(throws: Never.self) { try options.validate() }
        options = DetectionOptions()
        options.secondCoarseLookLongSide = 32
        #expect(throws: DetectionError.invalidOption(name: "secondCoarseLookLongSide", value: 32)) {
            try options.validate()
        }
        options.secondCoarseLookLongSide = 0
        #expect(throws: Never.self) { try options.validate() }
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

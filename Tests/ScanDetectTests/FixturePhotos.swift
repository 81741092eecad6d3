import Foundation
import ScanCodecs
import ScanCore
import Testing
@testable import ScanDetect

/// The photo at `path` in the test bundle's Fixtures folder (for example `bands/card-header.jpg`).
func fixturePhoto(_ path: String) throws -> Image<RGB8> {
    let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(path)
    return try ImageFile.read(path: url.path).image
}

/// The Jaccard index against `truth` of the page the default detector finds in `photo`; the test
/// fails when it finds none.
func detectedJaccardIndex(in photo: Image<RGB8>, truth: Quad) throws -> Double {
    let detection = try #require(DocumentDetector().detect(in: photo))
    return jaccardIndex(truth: truth, predicted: detection.quad)
}

/// Expects the default detector to find the page at `truth` in `photo`, at JI `least` or more.
func expectDetected(in photo: Image<RGB8>, truth: Quad, least: Double,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
    let ji = try detectedJaccardIndex(in: photo, truth: truth)
    #expect(ji >= least, "JI \(ji)", sourceLocation: sourceLocation)
}

/// Expects no page in `image` with `options` (a look turned off) and the page at `truth`, at JI
/// `least` or more, with the default options.
func expectFoundOnlyByDefault(in image: Image<RGB8>, truth: Quad, notWith options: DetectionOptions,
                              least: Double = 0.98, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try DocumentDetector(options: options).detect(in: image) == nil, sourceLocation: sourceLocation)
    try expectDetected(in: image, truth: truth, least: least, sourceLocation: sourceLocation)
}

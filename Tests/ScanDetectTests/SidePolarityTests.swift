import ScanCore
import Testing
@testable import ScanDetect

/// How a line's edge steps back a side whose polarity flips where the surface behind it changes
/// (`DetectedLine.backedSteps`).
@Suite("Side polarity")
struct SidePolarityTests {
    /// A navy card filling the right half of a 200 × 200 image; left of it a table lit in the top
    /// half and in shadow in the bottom half, lighter than the card above and darker below.
    static func card(shadowed: Bool) -> Image<RGB8> {
        Image<RGB8>(width: 200, height: 200) { buffer in
            for y in 0..<200 {
                for x in 0..<200 {
                    let table = shadowed && y >= 100 ? RGB8(45, 28, 20) : RGB8(200, 120, 60)
                    buffer[y * 200 + x] = x >= 100 ? RGB8(60, 50, 150) : table
                }
            }
        }
    }

    /// The card's side, x = 100, as a detected line in `image`.
    static func side(in image: Image<RGB8>) -> DetectedLine {
        let options = DetectionOptions()
        let planes = ColorPlanes(image: image, longSide: 200)
        let gradient = GradientField(planes: planes)
        let edges = EdgeMap(gradient: gradient, minimumContrast: options.minimumEdgeContrast,
                            noiseMultiple: options.noiseMultiple, lowRatio: options.hysteresisRatio)
        return DetectedLine(theta: 0, rho: 100, votes: 100, edges: edges, gradient: gradient,
                            cosTolerance: Float(cosDegrees(options.directionToleranceDegrees)))
    }

    @Test("a side whose polarity flips half way is backed all along")
    func flippingSide() {
        let line = Self.side(in: Self.card(shadowed: true))
        let (a, b) = (line.parameter(x: 100, y: 10), line.parameter(x: 100, y: 190))
        let support = line.support(from: a, to: b)
        // Each polarity backs about half of the side.
        #expect(support.positive > 60 && support.negative > 60)
        #expect(Double(max(support.positive, support.negative)) < 0.6 * support.inside)
        #expect(Double(line.backedSteps(from: a, to: b).backed) > 0.9 * support.inside)
    }

    @Test("a side of one polarity is backed as its polarity backs it")
    func steadySide() {
        let line = Self.side(in: Self.card(shadowed: false))
        let (a, b) = (line.parameter(x: 100, y: 10), line.parameter(x: 100, y: 190))
        let support = line.support(from: a, to: b)
        #expect(min(support.positive, support.negative) == 0)
        #expect(line.backedSteps(from: a, to: b).backed == max(support.positive, support.negative))
        #expect(Double(line.backedSteps(from: a, to: b).backed) > 0.9 * support.inside)
    }
}

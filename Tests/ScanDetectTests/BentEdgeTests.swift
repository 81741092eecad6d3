import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// A sheet's long edge is never quite straight: a receipt's side bows by a few pixels over its
/// length. Such a run of edge pixels is wider than `maximumSegmentWidth` but still one straight
/// border, so long runs may spread by `maximumSegmentBend` of their length.
@Suite("Bent edges")
struct BentEdgeTests {
    /// A 480 × 300 photo (the working size: no shrinking) of a light strip on a dark cloth whose
    /// long sides bow outwards by `sagitta` pixels at their middle: x from 40 to 440, top side
    /// at y = 100 and bottom side at y = 220 at the ends.
    static func strip(sagitta: Double) -> Image<RGB8> {
        var random = SeededGenerator(seed: 11)
        var pixels: [RGB8] = []
        pixels.reserveCapacity(480 * 300)
        for y in 0..<300 {
            for x in 0..<480 {
                let u = (Double(x) + 0.5 - 240) / 200
                let bow = sagitta * (1 - u * u)
                // The share of the pixel's height inside the strip, so the sides are anti-aliased
                // as a camera sees them rather than drawn as staircases.
                let covered = abs(u) <= 1
                    ? max(0, min(Double(y + 1), 220 + bow) - max(Double(y), 100 - bow)) : 0
                let n = Double(Int.random(in: 0...6, using: &random))
                let mix = { (paper: Double, cloth: Double) in UInt8(cloth + (paper - cloth) * covered + n) }
                pixels.append(RGB8(mix(232, 28), mix(230, 32), mix(224, 52)))
            }
        }
        return Image(width: 480, height: 300, pixels: pixels)
    }

    /// The segments found along the strip's top side (normal within 15° of vertical, centre
    /// within 12 pixels of y = 100).
    static func topSegments(sagitta: Double, maximumBend: Double) -> [LineSegment] {
        var planes = ColorPlanes(image: strip(sagitta: sagitta), longSide: 480)
        planes.smooth(passes: 1)
        let gradient = GradientField(planes: planes)
        let edges = EdgeMap(gradient: gradient, minimumContrast: 3, noiseMultiple: 3, lowRatio: 0.5)
        let detector = SegmentDetector(angleTolerance: 22.5 * .pi / 180, minimumLength: 8, maximumWidth: 2.5,
                                       maximumBend: maximumBend)
        return detector.segments(edges: edges, gradient: gradient).filter { abs($0.ny) > 0.96 && abs($0.cy - 100) < 12 }
    }

    @Test("a side bowed by 8 px over 400 px is one long segment")
    func bowedSideIsOneSegment() {
        let segments = Self.topSegments(sagitta: 8, maximumBend: 0.03)
        let longest = segments.map(\.length).max() ?? 0
        #expect(longest >= 350, "longest top segment \(longest) px")
    }

    @Test("without the bend allowance the bowed side is dropped as too wide")
    func bowedSideDroppedWithoutBend() {
        let segments = Self.topSegments(sagitta: 8, maximumBend: 0)
        let longest = segments.map(\.length).max() ?? 0
        #expect(longest < 100, "longest top segment \(longest) px")
    }

    @Test("a straight side is kept either way")
    func straightSideKept() {
        for bend in [0.0, 0.03] {
            let longest = Self.topSegments(sagitta: 0, maximumBend: bend).map(\.length).max() ?? 0
            #expect(longest >= 350, "bend \(bend): longest top segment \(longest) px")
        }
    }

    /// The strip's corners: its long sides bow between them.
    static let corners = [Point(40, 100), Point(440, 100), Point(440, 220), Point(40, 220)]

    @Test("refined corners of a strip with bowed long sides stay at its corners", arguments: [4.0, 8.0])
    func bowedCornersRefined(sagitta: Double) {
        let image = Self.strip(sagitta: sagitta)
        // A band wide enough to hold the bow, so every profile finds the edge.
        let refiner = EdgeRefiner(band: 10, spacing: 4)
        let refined = refiner.refine(Self.corners, in: image)
        // A line through a whole bowed side passes inside the bow, off both corners.
        let whole = refiner.fitSide(from: Self.corners[0], to: Self.corners[1], in: image)
        let wholeOffset = whole.map { abs($0.distance(Self.corners[0])) } ?? 0
        for k in 0..<4 {
            let error = refined[k].distance(to: Self.corners[k])
            #expect(error < 0.35 * wholeOffset, "corner \(k): \(refined[k]), \(error) px off; a whole-side line is \(wholeOffset) px off")
        }
    }
}

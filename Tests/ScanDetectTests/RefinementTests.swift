import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sub-pixel precision of the edge refiner on exactly rendered straight edges.
@Suite("Sub-pixel refinement")
struct RefinementTests {
    /// A half-plane image: `inside` where n·p > c, `outside` elsewhere, each pixel the exact
    /// area-weighted mix (16 × 16 supersampling), plus a little seeded noise.
    static func halfPlane(width: Int, height: Int, angle: Double, through point: Point,
                          inside: Double, outside: Double, seed: UInt64) -> Image<RGB8> {
        var random = SeededGenerator(seed: seed)
        let n = Point(cos(angle), sin(angle)), c = n.dot(point)
        var pixels = [RGB8](repeating: RGB8(0, 0, 0), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let d = n.dot(Point(Double(x) + 0.5, Double(y) + 0.5)) - c
                var coverage: Double
                if d > 1 { coverage = 1 } else if d < -1 { coverage = 0 } else {
                    var hits = 0
                    for sy in 0..<16 {
                        for sx in 0..<16 where n.dot(Point(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16)) > c {
                            hits += 1
                        }
                    }
                    coverage = Double(hits) / 256
                }
                let v = outside + (inside - outside) * coverage + Double(random.next() % 5) - 2
                let b = UInt8(max(0, min(255, v.rounded())))
                pixels[y * width + x] = RGB8(b, b, b)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test("a straight edge is located within half a pixel", arguments: [0.13, 0.71, 1.9, 2.6, 4.0, 5.5])
    func straightEdge(angle: Double) throws {
        let through = Point(160.3, 120.7)
        let image = Self.halfPlane(width: 320, height: 240, angle: angle, through: through, inside: 220, outside: 60,
                                   seed: UInt64(angle * 100))
        // The side runs along the edge with the inside on its right (clockwise convention),
        // started 2 px off the true line and slightly rotated.
        let n = Point(cos(angle), sin(angle))
        let along = Point(n.y, -n.x)
        let p = through - along * 90 + n * 2 + along * 0
        let q = through + along * 90 - n * 1
        let refiner = EdgeRefiner(band: 6, spacing: 4)
        let line = try #require(refiner.fitSide(from: p, to: q, in: image))
        for t in stride(from: -90.0, through: 90.0, by: 30) {
            let truePoint = through + along * t
            // Distance from the true edge point to the fitted line.
            #expect(abs(line.distance(truePoint)) < 0.5, "angle \(angle) t \(t): \(line.distance(truePoint)) px")
        }
    }

    @Test("refined corners of a rendered page are within half a pixel")
    func pageCorners() {
        let truth = Quad(topLeft: Point(120.4, 80.2), topRight: Point(500.7, 101.9),
                         bottomRight: Point(470.1, 420.6), bottomLeft: Point(90.8, 400.3))
        var scene = Scene(width: 600, height: 500, page: truth)
        scene.background = .flat(RGB8(70, 60, 50))
        let image = scene.render()
        var random = SeededGenerator(seed: 4)
        let start = truth.corners.map { c in
            c + Point(Double(random.next() % 300) / 100 - 1.5, Double(random.next() % 300) / 100 - 1.5)
        }
        let refined = EdgeRefiner(band: 5, spacing: 4).refine(start, in: image)
        for k in 0..<4 {
            #expect(refined[k].distance(to: truth[k]) < 0.5, "corner \(k): \(refined[k]) vs \(truth[k])")
        }
    }

    @Test("robust fit ignores a block of outliers")
    func robustFit() throws {
        var points = (0..<40).map { Point(Double($0) * 5, 0.3 * Double($0) * 5 + 10) }
        for i in 10..<16 { points[i].y += 25 }
        let line = try #require(FittedLine.robustFit(points))
        #expect(abs(line.distance(Point(100, 40))) < 0.05)
        #expect(abs(line.distance(Point(0, 10))) < 0.05)
    }
}

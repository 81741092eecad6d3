import ScanTestSupport
import Testing
@testable import ScanEnhance

@Suite("Plane filters against plain references")
struct PlaneFilterTests {
    static func randomPlane(width: Int, height: Int, seed: UInt64) -> Plane {
        var generator = SeededGenerator(seed: seed)
        return Plane(width: width, height: height, values: (0..<(width * height)).map { _ in Float(Int.random(in: 0...255, using: &generator)) })
    }

    /// Max, min or mean over the clipped (2r+1)² window, pixel by pixel.
    static func reference(_ plane: Plane, radius: Int, _ reduce: ([Float]) -> Float) -> Plane {
        var out = plane
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                var window: [Float] = []
                for yy in max(0, y - radius)...min(plane.height - 1, y + radius) {
                    for xx in max(0, x - radius)...min(plane.width - 1, x + radius) { window.append(plane.values[yy * plane.width + xx]) }
                }
                out.values[y * plane.width + x] = reduce(window)
            }
        }
        return out
    }

    @Test("dilation, erosion and box blur match the brute-force window", arguments: [(1, 0), (2, 1), (3, 2), (4, 5), (5, 13), (6, 40)])
    func matchesReference(seed: UInt64, radius: Int) {
        let plane = Self.randomPlane(width: 23 + Int(seed) * 3, height: 17 + Int(seed), seed: seed)
        #expect(plane.dilated(radius: radius).values == Self.reference(plane, radius: radius) { $0.max()! }.values)
        #expect(plane.eroded(radius: radius).values == Self.reference(plane, radius: radius) { $0.min()! }.values)
        let box = plane.boxBlurred(radius: radius).values
        // Separable box = mean over the clipped window, since the clipped window is a rectangle.
        let mean = Self.reference(plane, radius: radius) { $0.reduce(0, +) / Float($0.count) }.values
        #expect(zip(box, mean).allSatisfy { abs($0 - $1) < 0.01 })
    }

    @Test("push–pull keeps known values and fills holes within the range of their surroundings")
    func pushPull() {
        var plane = Plane(width: 40, height: 30)
        var weights = [Float](repeating: 1, count: 1200)
        for y in 0..<30 { for x in 0..<40 { plane.values[y * 40 + x] = Float(100 + x) } }
        for y in 10..<20 { for x in 12..<28 { weights[y * 40 + x] = 0; plane.values[y * 40 + x] = 0 } }
        let filled = PushPullFill.fill(plane, weights: weights)
        for y in 0..<30 {
            for x in 0..<40 {
                let v = filled.values[y * 40 + x]
                if weights[y * 40 + x] == 1 {
                    #expect(abs(v - Float(100 + x)) < 0.001)
                } else {
                    #expect(v >= 110 && v <= 130)
                }
            }
        }
    }
}

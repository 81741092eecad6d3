import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite("Rotation by any angle")
struct RotationTests {
    /// Plain bilinear rotation in Double precision, pixel by pixel.
    static func reference<P: BytePixel>(_ image: Image<P>, degrees: Double, fill: UInt8) -> [UInt8] {
        let bytes = image.bytes, w = image.width, h = image.height, n = P.channelCount
        let t = degrees * .pi / 180, cx = Double(w) / 2, cy = Double(h) / 2
        var out = [UInt8](repeating: 0, count: bytes.count)
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let sx = dx * cos(t) + dy * sin(t) + cx - 0.5, sy = -dx * sin(t) + dy * cos(t) + cy - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let ax = sx - Double(x0), ay = sy - Double(y0)
                for c in 0..<n {
                    func at(_ px: Int, _ py: Int) -> Double {
                        px >= 0 && py >= 0 && px < w && py < h ? Double(bytes[(py * w + px) * n + c]) : Double(fill)
                    }
                    let v = (at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax) * (1 - ay) + (at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax) * ay
                    out[(y * w + x) * n + c] = UInt8(max(0, min(255, v.rounded())))
                }
            }
        }
        return out
    }

    @Test("the optimised rotation matches the plain reference on random images", arguments: [(UInt64(1), 3.7), (2, -4.9), (3, 0.3), (4, 30)])
    func matchesReference(seed: UInt64, degrees: Double) {
        let colour: Image<RGB8> = randomImage(width: 53, height: 41, seed: seed)
        let gray: Image<Gray8> = randomImage(width: 40, height: 61, seed: seed + 10)
        let fastColour = colour.rotated(byDegrees: degrees, fill: 255, threads: 2).bytes
        let fastGray = gray.rotated(byDegrees: degrees, fill: 7, threads: 2).bytes
        #expect(zip(fastColour, Self.reference(colour, degrees: degrees, fill: 255)).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(zip(fastGray, Self.reference(gray, degrees: degrees, fill: 7)).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test("quarter turns agree with ScanCore's exact rotations")
    func quarterTurns() {
        let image: Image<RGB8> = randomImage(width: 9, height: 5, seed: 3)
        #expect(image.rotated(quarterTurnsDegrees: 90) == image.rotated90Clockwise())
        #expect(image.rotated(quarterTurnsDegrees: 180) == image.rotated180())
        #expect(image.rotated(quarterTurnsDegrees: 270) == image.rotated90CounterClockwise())
        #expect(image.rotated(quarterTurnsDegrees: -90) == image.rotated90CounterClockwise())
        #expect(image.rotated(quarterTurnsDegrees: 0) == image)
    }
}

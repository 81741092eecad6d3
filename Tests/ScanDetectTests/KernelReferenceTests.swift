import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// The optimised kernels against plain, obviously-correct versions on random images.
@Suite("Kernels match their reference implementations")
struct KernelReferenceTests {
    @Test("area-averaging shrink into colour planes", arguments: [(97, 61, 1), (300, 200, 3), (401, 333, 4), (640, 480, 5)])
    func colourPlanes(width: Int, height: Int, factor: Int) {
        let image = randomImage(width: width, height: height, seed: UInt64(width * 31 + height), as: RGB8.self)
        let longSide = max(width, height) / factor
        let planes = ColorPlanes(image: image, longSide: longSide)
        let f = planes.factor
        #expect(planes.width == width / f && planes.height == height / f)
        var worst: Float = 0
        for y in 0..<planes.height {
            for x in 0..<planes.width {
                var sum = (0.0, 0.0, 0.0)
                for dy in 0..<f {
                    for dx in 0..<f {
                        let p = image[x * f + dx, y * f + dy]
                        sum.0 += Double(p.r); sum.1 += Double(p.g); sum.2 += Double(p.b)
                    }
                }
                let n = Double(f * f), i = y * planes.width + x
                worst = max(worst, abs(planes.red[i] - Float(sum.0 / n)), abs(planes.green[i] - Float(sum.1 / n)),
                            abs(planes.blue[i] - Float(sum.2 / n)))
            }
        }
        #expect(worst < 1e-3)
    }

    @Test("strongest-channel Sobel gradient", arguments: [UInt64(1), 2, 3])
    func gradient(seed: UInt64) {
        let image = randomImage(width: 83, height: 57, seed: seed, as: RGB8.self)
        let planes = ColorPlanes(image: image, longSide: 83)
        let field = GradientField(planes: planes)
        let w = planes.width, h = planes.height
        let channels = [planes.red, planes.green, planes.blue]
        var worst: Float = 0
        for y in 0..<h {
            for x in 0..<w {
                var expected: (Float, Float, Float) = (0, 0, 0)
                if x > 0, y > 0, x < w - 1, y < h - 1 {
                    var best: Float = -1
                    for c in channels {
                        func v(_ dx: Int, _ dy: Int) -> Float { c[(y + dy) * w + x + dx] }
                        let gx = v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)
                        let gy = v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)
                        let m = gx * gx + gy * gy
                        if m > best { best = m; expected = (gx, gy, m.squareRoot()) }
                    }
                }
                let i = y * w + x
                worst = max(worst, abs(field.gx[i] - expected.0), abs(field.gy[i] - expected.1), abs(field.magnitude[i] - expected.2))
            }
        }
        #expect(worst < 1e-2)
    }

    @Test("binomial smoothing")
    func smoothing() {
        let image = randomImage(width: 40, height: 30, seed: 9, as: RGB8.self)
        let original = ColorPlanes(image: image, longSide: 40)
        var smoothed = original
        smoothed.smooth(passes: 1)
        let w = original.width, h = original.height
        var worst: Float = 0
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                var expected: Float = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let weight = Float((dx == 0 ? 2 : 1) * (dy == 0 ? 2 : 1)) / 16
                        expected += weight * original.green[(y + dy) * w + x + dx]
                    }
                }
                worst = max(worst, abs(smoothed.green[y * w + x] - expected))
            }
        }
        #expect(worst < 1e-3)
    }
}

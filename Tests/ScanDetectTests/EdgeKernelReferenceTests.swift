import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// The optimised edge kernels (shrink, smoothing, edge map) against plain versions of the same
/// arithmetic, compared bit for bit: the detector's results must not move by a single ulp.
@Suite("Edge kernels match their plain versions exactly")
struct EdgeKernelReferenceTests {
    /// Factors 2…5 take the unrolled window sums, the others each block's sums gathered one by
    /// one (at 17 and 20 a block's sums would overflow 16 bits).
    @Test("area-averaging shrink, every factor path", arguments: [1, 2, 3, 4, 5, 7, 16, 17, 20])
    func colourPlanes(factor: Int) {
        let width = 23 * factor, height = 11 * factor + factor / 2 + 1  // trailing rows dropped
        let image = randomImage(width: width, height: height, seed: UInt64(factor), as: RGB8.self)
        let planes = ColorPlanes(image: image, longSide: width / factor)
        let f = planes.factor
        #expect(f == factor)
        let norm = 1 / Float(f * f)
        var mismatches = 0
        for y in 0..<planes.height {
            for x in 0..<planes.width {
                var sum: (UInt32, UInt32, UInt32) = (0, 0, 0)
                for dy in 0..<f {
                    for dx in 0..<f {
                        let p = image[x * f + dx, y * f + dy]
                        sum.0 += UInt32(p.r); sum.1 += UInt32(p.g); sum.2 += UInt32(p.b)
                    }
                }
                let i = y * planes.width + x
                if planes.red[i] != Float(sum.0) * norm || planes.green[i] != Float(sum.1) * norm
                    || planes.blue[i] != Float(sum.2) * norm { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// A side shorter than the factor leaves no working pixels, and nothing to read past.
    @Test("shrink of a sliver", arguments: [(3, 2000), (2000, 3)])
    func sliver(width: Int, height: Int) {
        let planes = ColorPlanes(image: randomImage(width: width, height: height, seed: 5, as: RGB8.self), longSide: 400)
        #expect(planes.factor == 5)
        #expect(planes.red.isEmpty && planes.green.isEmpty && planes.blue.isEmpty)
    }

    @Test("binomial smoothing, several passes and sizes",
          arguments: [(3, 3, 1), (4, 7, 1), (40, 30, 1), (97, 61, 2), (128, 96, 3)])
    func smoothing(width: Int, height: Int, passes: Int) {
        let image = randomImage(width: width, height: height, seed: UInt64(width + passes), as: RGB8.self)
        let original = ColorPlanes(image: image, longSide: max(width, height))
        var smoothed = original
        smoothed.smooth(passes: passes)
        var expected = original.green
        for _ in 0..<passes { expected = Self.binomial(expected, width: original.width, height: original.height) }
        #expect(smoothed.green == expected)
        #expect(original.green == ColorPlanes(image: image, longSide: max(width, height)).green)  // copy untouched
    }

    @Test("median of the gradient magnitudes", arguments: [UInt64(1), 2, 3])
    func median(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for count in [0, 1, 2, 3, 5, 1001] {
            let values = (0..<count).map { _ in Float(UInt32.random(in: 0..<2_000_000, using: &generator)) / 1000 }
            #expect(EdgeMap.median(of: values) == Self.median(values))
        }
    }

    /// Every pixel's derivatives, chosen channel and magnitude, bit for bit, with the sums in the
    /// kernel's order; ties between channels keep the earlier one.
    @Test("colour Sobel gradients", arguments: [0, 1, 2, 3, 4, 5])
    func sobel(kind: Int) {
        let planes = Self.planes(kind)
        let field = GradientField(planes: planes)
        let w = planes.width, h = planes.height
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w {
                var expected: (Float, Float, Float) = (0, 0, 0)
                if x > 0, y > 0, x < w - 1, y < h - 1 {
                    var best: Float = 0
                    for (k, c) in [planes.red, planes.green, planes.blue].enumerated() {
                        func v(_ dx: Int, _ dy: Int) -> Float { c[(y + dy) * w + x + dx] }
                        let gx = (v(1, -1) + 2 * v(1, 0) + v(1, 1)) - (v(-1, -1) + 2 * v(-1, 0) + v(-1, 1))
                        let gy = (v(-1, 1) + 2 * v(0, 1) + v(1, 1)) - (v(-1, -1) + 2 * v(0, -1) + v(1, -1))
                        let m = gx * gx + gy * gy
                        if k == 0 || m > best { best = m; expected = (gx, gy, m) }
                    }
                    expected.2 = expected.2.squareRoot()
                }
                let i = y * w + x
                if field.gx[i].bitPattern != expected.0.bitPattern || field.gy[i].bitPattern != expected.1.bitPattern
                    || field.magnitude[i].bitPattern != expected.2.bitPattern { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Widths that are and are not a multiple of the four lanes, noise (edges everywhere) and
    /// scenes (long borders, texture).
    @Test("non-maximum suppression and hysteresis", arguments: [0, 1, 2, 3, 4, 5])
    func edgeMap(kind: Int) {
        let gradient = GradientField(planes: Self.planes(kind))
        let edges = EdgeMap(gradient: gradient, minimumContrast: 3, noiseMultiple: 3, lowRatio: 0.5)
        let expected = Self.edgeMap(gradient, minimumContrast: 3, noiseMultiple: 3, lowRatio: 0.5)
        #expect(edges.highThreshold == expected.high)
        #expect(edges.isEdge == expected.isEdge)
        #expect(edges.pixels == expected.pixels)
        if kind >= 3 { #expect(!edges.pixels.isEmpty) }
    }

    /// The default step (unrolled) on odd and tiny sizes, and other steps; luminance and the
    /// yellow–blue tint, whose histogram starts below zero.
    @Test("block grids for the light and the coloured regions",
          arguments: [(0, 2, true), (1, 2, true), (2, 2, true), (3, 2, true), (3, 1, true), (4, 3, true),
                      (0, 2, false), (5, 2, false), (4, 3, false)])
    func regionGrid(kind: Int, step: Int, luminance: Bool) {
        let planes = Self.planes(kind)
        let mix: RegionCandidates.Mix = luminance ? .luminance : .yellowBlue
        let (values, histogram) = RegionCandidates.grid(of: planes, step: step, mix: mix)
        let expected = Self.grid(planes, step: step, mix: mix)
        #expect(values == expected.values)
        #expect(histogram == expected.histogram)
        #expect(histogram.reduce(0, +) == values.count)
    }

    // MARK: - Inputs

    /// Smoothed working planes: random noise of odd sizes, or rendered scenes.
    static func planes(_ kind: Int) -> ColorPlanes {
        let image: Image<RGB8>
        switch kind {
        case 0: image = randomImage(width: 83, height: 57, seed: 1, as: RGB8.self)
        case 1: image = randomImage(width: 64, height: 40, seed: 2, as: RGB8.self)
        case 2: image = randomImage(width: 3, height: 9, seed: 3, as: RGB8.self)
        default:
            let page = try! Quad(corners: [Point(190, 70), Point(520, 95), Point(545, 420), Point(160, 400)])
            var scene = Scene(width: 722, height: 481, page: page)
            scene.background = switch kind {
            case 3: .tiles(RGB8(150, 140, 130), joint: RGB8(60, 55, 50), size: 90)
            case 4: .noise(RGB8(120, 90, 70), amplitude: 40, seed: 7)
            default: .stripes(RGB8(140, 100, 60), amplitude: 25, period: 14)
            }
            image = scene.render()
        }
        var planes = ColorPlanes(image: image, longSide: 361)
        planes.smooth(passes: 1)
        return planes
    }

    // MARK: - Plain versions

    /// One [1 2 1]/4 pass over a whole plane, horizontally into a copy, then vertically.
    static func binomial(_ v: [Float], width w: Int, height h: Int) -> [Float] {
        guard w >= 3 && h >= 3 else { return v }
        var tmp = v, out = v
        for y in 0..<h {
            for x in 1..<(w - 1) {
                tmp[y * w + x] = 0.25 * (v[y * w + x - 1] + 2 * v[y * w + x] + v[y * w + x + 1])
            }
        }
        for x in 0..<w {
            out[x] = tmp[x]
            out[(h - 1) * w + x] = tmp[(h - 1) * w + x]
        }
        for y in 1..<(h - 1) {
            for x in 0..<w {
                out[y * w + x] = 0.25 * (tmp[(y - 1) * w + x] + 2 * tmp[y * w + x] + tmp[(y + 1) * w + x])
            }
        }
        return out
    }

    /// Block means of `mix`, added pixel by pixel, and their histogram.
    static func grid(_ planes: ColorPlanes, step g: Int, mix: RegionCandidates.Mix) -> (values: [Float], histogram: [Int]) {
        let w = planes.width / g, h = planes.height / g
        var values: [Float] = [], histogram = [Int](repeating: 0, count: 256)
        for y in 0..<h {
            for x in 0..<w {
                var l: Float = 0
                for dy in 0..<g {
                    for dx in 0..<g {
                        let i = (y * g + dy) * planes.width + x * g + dx
                        l += mix.red * planes.red[i] + mix.green * planes.green[i] + mix.blue * planes.blue[i]
                    }
                }
                l *= 1 / Float(g * g)
                values.append(l)
                histogram[max(0, min(255, Int(l + mix.offset)))] += 1
            }
        }
        return (values, histogram)
    }

    /// The median from a 1-unit histogram, values above 1023 in the top bin.
    static func median(_ values: [Float]) -> Float {
        var histogram = [Int](repeating: 0, count: 1024)
        for m in values { histogram[min(1023, Int(m))] += 1 }
        var seen = 0
        for (bin, n) in histogram.enumerated() {
            seen += n
            if seen * 2 >= values.count { return Float(bin) + 0.5 }
        }
        return 1023
    }

    /// Non-maximum suppression pixel by pixel, then hysteresis from a stack of the strong pixels.
    static func edgeMap(_ g: GradientField, minimumContrast: Double, noiseMultiple: Double,
                        lowRatio: Double) -> (isEdge: [UInt8], pixels: [Int32], high: Float) {
        let w = g.width, h = g.height
        let high = max(Float(4 * minimumContrast), Float(noiseMultiple) * median(g.magnitude))
        let low = high * Float(lowRatio)
        var state = [UInt8](repeating: 0, count: w * h)
        var stack: [Int32] = [], found: [Int32] = []
        guard w >= 3 && h >= 3 else { return (state, found, high) }
        let m = g.magnitude
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                if m[i] < low { continue }
                let ax = abs(g.gx[i]), ay = abs(g.gy[i])
                let (n1, n2): (Float, Float)
                if ay <= 0.41421356 * ax {
                    (n1, n2) = (m[i - 1], m[i + 1])
                } else if ay >= 2.4142135 * ax {
                    (n1, n2) = (m[i - w], m[i + w])
                } else if (g.gx[i] > 0) == (g.gy[i] > 0) {
                    (n1, n2) = (m[i - w - 1], m[i + w + 1])
                } else {
                    (n1, n2) = (m[i - w + 1], m[i + w - 1])
                }
                guard m[i] > n1 && m[i] >= n2 else { continue }
                state[i] = m[i] >= high ? 2 : 1
                if m[i] >= high { stack.append(Int32(i)) }
            }
        }
        while let top = stack.popLast() {
            found.append(top)
            let i = Int(top)
            for o in [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1] where state[i + o] == 1 {
                state[i + o] = 2
                stack.append(Int32(i + o))
            }
        }
        return (state.map { $0 == 2 ? 1 : 0 }, found, high)
    }
}

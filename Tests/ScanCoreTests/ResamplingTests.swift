import Testing
import ScanCore
import ScanTestSupport

/// The plain reference for `Image.resized`: per axis, the weight of every source index for an
/// output index, written out the obvious way; then a double loop over the source per output pixel.
enum ReferenceResampler {
    /// Weights of source indices `0..<source` for output index `i`.
    static func weights(output i: Int, source: Int, destination: Int, filter: ResamplingFilter) -> [Double] {
        var w = [Double](repeating: 0, count: source)
        let scale = Double(source) / Double(destination)
        if destination <= source {
            // Area coverage: output pixel i covers the source interval [i·s, (i+1)·s).
            let low = Double(i) * scale, high = Double(i + 1) * scale
            for j in 0..<source {
                let overlap = min(high, Double(j + 1)) - max(low, Double(j))
                if overlap > 0 { w[j] = overlap / scale }
            }
        } else {
            // Interpolation at the output pixel's centre, mapped to source coordinates where
            // pixel j's centre is at j; samples beyond the edge repeat the edge pixel.
            let x = (Double(i) + 0.5) * scale - 0.5
            let base = Int(x.rounded(.down))
            for k in base - 2...base + 3 {
                let weight = kernel(x - Double(k), filter)
                w[min(max(k, 0), source - 1)] += weight
            }
        }
        return w
    }

    static func kernel(_ d: Double, _ filter: ResamplingFilter) -> Double {
        let x = abs(d)
        switch filter {
        case .bilinear:
            return max(0, 1 - x)
        case .bicubic:
            let a = -0.5
            if x <= 1 { return (a + 2) * x * x * x - (a + 3) * x * x + 1 }
            if x < 2 { return a * x * x * x - 5 * a * x * x + 8 * a * x - 4 * a }
            return 0
        }
    }

    static func resize<P: BytePixel>(_ image: Image<P>, width: Int, height: Int, filter: ResamplingFilter) -> Image<P> {
        let channels = P.channelCount
        let source = image.bytes
        let columns = (0..<width).map { weights(output: $0, source: image.width, destination: width, filter: filter) }
        let rows = (0..<height).map { weights(output: $0, source: image.height, destination: height, filter: filter) }
        var output = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels {
                    var sum = 0.0
                    for sy in 0..<image.height where rows[y][sy] != 0 {
                        for sx in 0..<image.width where columns[x][sx] != 0 {
                            sum += rows[y][sy] * columns[x][sx] * Double(source[(sy * image.width + sx) * channels + c])
                        }
                    }
                    output[(y * width + x) * channels + c] = UInt8(min(255, max(0, sum.rounded())))
                }
            }
        }
        return Image<P>(width: width, height: height) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            _ = bytes.initialize(from: output)
        }
    }
}

@Suite("Resampling")
struct ResamplingTests {
    /// Source and output sizes: shrinking by integer and non-integer factors, enlarging, one axis
    /// each way, and one axis unchanged.
    static let sizes: [(Int, Int, Int, Int)] = [
        (40, 30, 20, 15), (37, 23, 13, 9), (37, 23, 25, 17), (50, 40, 7, 3), (31, 29, 30, 28),
        (13, 9, 37, 23), (8, 6, 24, 18), (10, 7, 33, 29), (9, 9, 10, 10),
        (37, 23, 20, 60), (23, 37, 60, 20), (30, 20, 30, 45), (30, 20, 11, 20),
    ]

    @Test("matches the reference on random RGB images within ±1", arguments: sizes)
    func referenceRGB(sw: Int, sh: Int, dw: Int, dh: Int) {
        let image = randomImage(width: sw, height: sh, seed: UInt64(sw * 1000 + dw), as: RGB8.self)
        for filter in [ResamplingFilter.bilinear, .bicubic] {
            let resized = image.resized(width: dw, height: dh, filter: filter)
            #expect(resized.width == dw && resized.height == dh)
            let reference = ReferenceResampler.resize(image, width: dw, height: dh, filter: filter)
            #expect(resized.maximumDifference(from: reference) <= 1, "\(sw)×\(sh) → \(dw)×\(dh) \(filter)")
        }
    }

    @Test("matches the reference on random Gray and RGBA images within ±1", arguments: sizes)
    func referenceGrayAndRGBA(sw: Int, sh: Int, dw: Int, dh: Int) {
        let gray = randomImage(width: sw, height: sh, seed: UInt64(sh * 1000 + dh), as: Gray8.self)
        #expect(gray.resized(width: dw, height: dh).maximumDifference(from: ReferenceResampler.resize(gray, width: dw, height: dh, filter: .bilinear)) <= 1)
        let rgba = randomImage(width: sw, height: sh, seed: UInt64(sh * 1000 + dw), as: RGBA8.self)
        #expect(rgba.resized(width: dw, height: dh, filter: .bicubic).maximumDifference(from: ReferenceResampler.resize(rgba, width: dw, height: dh, filter: .bicubic)) <= 1)
    }

    @Test("matches the reference on a smooth gradient, which hides no error in noise")
    func referenceGradient() {
        let image = Image<Gray8>(width: 64, height: 48) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            for y in 0..<48 { for x in 0..<64 { bytes[y * 64 + x] = UInt8(x * 2 + y) } }
        }
        for (w, h) in [(21, 17), (150, 101)] {
            for filter in [ResamplingFilter.bilinear, .bicubic] {
                let reference = ReferenceResampler.resize(image, width: w, height: h, filter: filter)
                #expect(image.resized(width: w, height: h, filter: filter).maximumDifference(from: reference) <= 1)
            }
        }
    }

    @Test("a constant image stays constant, borders included", arguments: [UInt8(0), 1, 127, 200, 254, 255])
    func constant(value: UInt8) {
        let image = constantImage(width: 17, height: 11, value: value, as: RGB8.self)
        for (w, h) in [(5, 3), (16, 10), (18, 12), (40, 31), (3, 29), (17, 11), (1, 1), (60, 2)] {
            for filter in [ResamplingFilter.bilinear, .bicubic] {
                let resized = image.resized(width: w, height: h, filter: filter)
                #expect(resized.bytes.allSatisfy { $0 == value }, "\(value) at \(w)×\(h) \(filter)")
            }
        }
    }

    @Test("halving averages 2×2 blocks exactly, rounding halves up", arguments: [(32, 24), (2, 2), (64, 2), (6, 50)])
    func blockAverage(width: Int, height: Int) {
        let image = randomImage(width: width, height: height, seed: 31, as: RGB8.self)
        let half = image.resized(width: width / 2, height: height / 2)
        for y in 0..<height / 2 {
            for x in 0..<width / 2 {
                for c in 0..<3 {
                    let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0) { $0 + Int(image.channel(c, x: 2 * x + $1.0, y: 2 * y + $1.1)) }
                    #expect(Int(half.channel(c, x: x, y: y)) == (sum + 2) / 4)
                }
            }
        }
    }

    @Test("shrinking by an integer factor averages blocks", arguments: [2, 3, 4, 5])
    func integerFactor(factor: Int) {
        let image = randomImage(width: 6 * factor, height: 4 * factor, seed: UInt64(factor), as: Gray8.self)
        let small = image.resized(width: 6, height: 4)
        for y in 0..<4 {
            for x in 0..<6 {
                var sum = 0
                for dy in 0..<factor { for dx in 0..<factor { sum += Int(image[factor * x + dx, factor * y + dy].value) } }
                let mean = Double(sum) / Double(factor * factor)
                #expect(abs(Double(small[x, y].value) - mean) <= 0.5 + 1e-4)
            }
        }
    }

    @Test("the same size returns the same pixels", arguments: [ResamplingFilter.bilinear, .bicubic])
    func identity(filter: ResamplingFilter) {
        let image = randomImage(width: 23, height: 19, seed: 41, as: RGB8.self)
        #expect(image.resized(width: 23, height: 19, filter: filter) == image)
    }

    @Test("enlarging by an integer factor and shrinking back restores a smooth image")
    func enlargeThenShrink() {
        let image = Image<Gray8>(width: 20, height: 20) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            for y in 0..<20 { for x in 0..<20 { bytes[y * 20 + x] = UInt8(50 + 5 * x + 3 * y) } }
        }
        let back = image.resized(width: 60, height: 60).resized(width: 20, height: 20)
        // Linear ramps survive bilinear interpolation and box averaging, except at the clamped border.
        for y in 1..<19 { for x in 1..<19 { #expect(abs(Int(back[x, y].value) - Int(image[x, y].value)) <= 1) } }
    }

    // MARK: - Edges

    @Test("tiny sources resize without crashing and stay in range", arguments: [
        (1, 1, 5, 3), (1, 1, 1, 7), (1, 9, 4, 18), (1, 9, 1, 3), (9, 1, 3, 1), (9, 1, 20, 4), (2, 2, 7, 5), (2, 2, 1, 1), (3, 3, 8, 8), (2, 3, 9, 1),
    ])
    func tinySources(sw: Int, sh: Int, dw: Int, dh: Int) {
        let image = randomImage(width: sw, height: sh, seed: UInt64(sw * 10 + sh), as: RGB8.self)
        for filter in [ResamplingFilter.bilinear, .bicubic] {
            let resized = image.resized(width: dw, height: dh, filter: filter)
            #expect(resized.width == dw && resized.height == dh)
            let reference = ReferenceResampler.resize(image, width: dw, height: dh, filter: filter)
            #expect(resized.maximumDifference(from: reference) <= 1)
            // Bilinear weights are a convex combination, so it cannot leave the source's range
            // (bicubic can, by its negative lobes, next to a clamped border).
            if filter == .bilinear {
                for c in 0..<3 {
                    let channel = (0..<sh).flatMap { y in (0..<sw).map { x in image.channel(c, x: x, y: y) } }
                    let range = channel.min()!...channel.max()!
                    #expect((0..<dh).allSatisfy { y in (0..<dw).allSatisfy { x in range.contains(resized.channel(c, x: x, y: y)) } })
                }
            }
        }
    }

    @Test("a 1×1 source enlarges to its one colour")
    func singlePixel() {
        let image = Image(width: 1, height: 1, pixels: [RGB8(9, 99, 199)])
        for filter in [ResamplingFilter.bilinear, .bicubic] {
            #expect(image.resized(width: 7, height: 5, filter: filter).pixels.allSatisfy { $0 == RGB8(9, 99, 199) })
        }
    }

    @Test("bicubic overshoot at a hard edge clamps instead of wrapping")
    func bicubicClamps() {
        let image = Image<Gray8>(width: 8, height: 1, pixels: [0, 0, 0, 0, 255, 255, 255, 255].map(Gray8.init))
        let row = image.resized(width: 64, height: 1, filter: .bicubic).pixels.map(\.value)
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 }, "\(row)")
        #expect(row.first == 0 && row.last == 255)
        #expect(row.contains { $0 > 0 && $0 < 255 })
    }

    // MARK: - Threads

    @Test("several threads give the same bytes as one", arguments: [(300, 200, 211, 97), (300, 200, 450, 317), (120, 400, 37, 500)])
    func threadsAgree(sw: Int, sh: Int, dw: Int, dh: Int) {
        let image = randomImage(width: sw, height: sh, seed: 51, as: RGB8.self)
        for filter in [ResamplingFilter.bilinear, .bicubic] {
            let single = image.resized(width: dw, height: dh, filter: filter, threads: 1)
            #expect(image.resized(width: dw, height: dh, filter: filter, threads: nil) == single)
            #expect(image.resized(width: dw, height: dh, filter: filter, threads: 3) == single)
        }
    }

    // MARK: - Long side

    @Test("resized(longSide:) keeps the aspect ratio", arguments: [(400, 300, 200, 200, 150), (300, 400, 100, 75, 100), (1001, 999, 500, 500, 499), (10, 4000, 500, 1, 500), (50, 20, 100, 100, 40)])
    func longSide(width: Int, height: Int, longSide: Int, expectedWidth: Int, expectedHeight: Int) {
        let image = randomImage(width: width, height: height, seed: 61, as: Gray8.self)
        let resized = image.resized(longSide: longSide)
        #expect(resized.width == expectedWidth && resized.height == expectedHeight)
    }

    @Test("downscaled(toLongSide:) never enlarges", arguments: [(100, 60, 200), (100, 60, 100), (1, 1, 500)])
    func downscaledNeverEnlarges(width: Int, height: Int, limit: Int) {
        let image = randomImage(width: width, height: height, seed: 71, as: RGB8.self)
        let (small, scale) = image.downscaled(toLongSide: limit)
        #expect(small == image)
        #expect(scale == 1)
    }

    @Test("downscaled(toLongSide:) returns the scale back to the original", arguments: [
        (400, 300, 200, 2.0), (300, 400, 200, 2.0), (4000, 3000, 500, 8.0), (3000, 4000, 500, 8.0), (10, 4000, 500, 8.0), (4000, 10, 500, 8.0), (1001, 999, 500, 2.002),
    ])
    func downscaledScale(width: Int, height: Int, limit: Int, expected: Double) {
        let image = constantImage(width: width, height: height, value: 90, as: Gray8.self)
        let (small, scale) = image.downscaled(toLongSide: limit)
        #expect(max(small.width, small.height) == limit)
        #expect(isClose(scale, expected, tolerance: 1e-12), "\(width)×\(height) → \(small.width)×\(small.height): \(scale)")
        // The scale maps the copy's long side back onto the original's.
        #expect(isClose(Double(max(small.width, small.height)) * scale, Double(max(width, height)), tolerance: 1e-9))
        #expect(small.pixels.allSatisfy { $0.value == 90 })
    }
}

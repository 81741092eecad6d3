import Foundation
import ScanTestSupport
import Testing
import ScanCore
@testable import ScanDetect

/// A `side × side` square page with its top-left corner at (x, y).
private func square(_ x: Double = 200, _ y: Double = 200, side: Double = 100) -> Quad {
    Quad(rectangleAt: Point(x, y), size: Size(width: side, height: side))
}

/// The same square scaled about its centre so that its area is multiplied by `factor`.
private func scaledArea(_ quad: Quad, by factor: Double) -> Quad {
    let centre = quad.centroid
    return quad.mapped { centre + ($0 - centre) * factor.squareRoot() }
}

private let frame = Size(width: 1000, height: 1000)

@Suite("CaptureStabiliser")
struct StabiliserTests {
    /// Feeds `quads` one per frame and returns every status.
    static func run(_ quads: [Quad?], _ options: StabiliserOptions = StabiliserOptions(), sharpness: Double? = nil) throws -> [CaptureStabiliser.Status] {
        var stabiliser = try CaptureStabiliser(options: options)
        return quads.map { stabiliser.process(quad: $0, frameSize: frame, sharpness: sharpness) }
    }

    /// Index of the first capture in `statuses`, if any.
    static func firstCapture(_ statuses: [CaptureStabiliser.Status]) -> Int? {
        statuses.firstIndex { if case .capture = $0 { true } else { false } }
    }

    @Test func scriptedSequenceCapturesOnTheThirdStillFrame() throws {
        let jittered = (0..<4).map { square(200 + Double($0), 200 - Double($0)) }
        let statuses = try Self.run([nil, jittered[0], square(400, 200), jittered[1], jittered[2], jittered[3], jittered[3]])
        #expect(statuses == [
            .noDocument, .steadying(frames: 1),
            .steadying(frames: 1),  // moved: a new run starts
            .steadying(frames: 1),  // moved back
            .steadying(frames: 2), .capture(jittered[3]),
            .steadying(frames: 1),  // fresh run after the capture
        ])
    }

    @Test(arguments: 1...8)
    func capturesAfterExactlyFrameCountStillFrames(count: Int) throws {
        let options = StabiliserOptions(frameCount: count)
        let statuses = try Self.run(Array(repeating: square(), count: 3 * count), options)
        // Every count-th frame captures, each needing count fresh frames.
        for (i, status) in statuses.enumerated() {
            if (i + 1) % count == 0 {
                #expect(status == .capture(square()))
            } else {
                #expect(status == .steadying(frames: (i + 1) % count))
            }
        }
    }

    // Shifting a 100-px square by s gives IoU (100 − s) / (100 + s): 5 → 0.905, 6 → 0.887,
    // 20 → 0.667, 24 → 0.613.
    @Test(arguments: [(0.9, 5.0, true), (0.9, 6.0, false), (0.6, 20.0, true), (0.7, 20.0, false), (0.6, 24.0, true), (0.5, 40.0, false)])
    func respectsTheIoUThreshold(threshold: Double, shift: Double, captures: Bool) throws {
        let options = StabiliserOptions(minimumIoU: threshold, frameCount: 2)
        let statuses = try Self.run([square(), square(200 + shift)], options)
        #expect((Self.firstCapture(statuses) != nil) == captures)
    }

    @Test(arguments: [(0.1, 1.09, true), (0.1, 1.11, false), (0.1, 0.91, true), (0.1, 0.89, false), (0.02, 1.03, false), (0.3, 1.29, true)])
    func respectsTheAreaChange(maximum: Double, factor: Double, captures: Bool) throws {
        // A low IoU threshold isolates the area test (a 30 % larger nested square has IoU 0.77).
        let options = StabiliserOptions(minimumIoU: 0.5, frameCount: 2, maximumAreaChange: maximum)
        let statuses = try Self.run([square(), scaledArea(square(), by: factor)], options)
        #expect((Self.firstCapture(statuses) != nil) == captures)
    }

    @Test func noDocumentFramesResetTheRun() throws {
        let statuses = try Self.run([square(), square(), nil, square(), square(), square()])
        #expect(Self.firstCapture(statuses) == 5)
        #expect(statuses[2] == .noDocument && statuses[3] == .steadying(frames: 1))
    }

    @Test func resetClearsTheRun() throws {
        var stabiliser = try CaptureStabiliser()
        _ = stabiliser.process(quad: square(), frameSize: frame)
        _ = stabiliser.process(quad: square(), frameSize: frame)
        #expect(stabiliser.steadyFrames == 2 && abs(stabiliser.progress - 2.0 / 3) < 1e-12)
        stabiliser.reset()
        #expect(stabiliser.process(quad: square(), frameSize: frame) == .steadying(frames: 1))
    }

    @Test func minimumSizeGate() throws {
        let small = square(side: 400)  // 16 % of the 1000 × 1000 frame
        let large = square(side: 500)  // 25 %
        let gated = StabiliserOptions(minimumDocumentFraction: 0.2)
        #expect(try Self.run([small], gated) == [.tooSmall(fraction: 0.16)])
        #expect(try Self.run([large, large, small, large, large, large], gated) == [
            .steadying(frames: 1), .steadying(frames: 2), .tooSmall(fraction: 0.16),
            .steadying(frames: 1), .steadying(frames: 2), .capture(large),
        ])
        #expect(Self.firstCapture(try Self.run([small, small, small])) == 2, "the gate is off by default")
    }

    @Test func sharpnessGate() throws {
        let gated = StabiliserOptions(frameCount: 2, minimumSharpness: 0.6)
        #expect(try Self.run([square(), square()], gated, sharpness: 0.55) == [.tooBlurry(sharpness: 0.55), .tooBlurry(sharpness: 0.55)])
        #expect(Self.firstCapture(try Self.run([square(), square()], gated, sharpness: 0.65)) == 1)

        // Measured on the frame itself: a crisp page captures, the same page blurred does not.
        let page = Quad(rectangleAt: Point(40, 30), size: Size(width: 240, height: 180))
        let crisp = checkerboard(width: 320, height: 240, cell: 16, softness: 0.5)
        var stabiliser = try CaptureStabiliser(options: gated)
        #expect(stabiliser.process(quad: page, in: crisp) == .steadying(frames: 1))
        #expect(stabiliser.process(quad: page, in: crisp) == .capture(page))
        guard case .tooBlurry(let measured) = stabiliser.process(quad: page, in: boxBlurred(crisp, radius: 2)) else {
            Issue.record("a blurred frame passed the sharpness gate")
            return
        }
        #expect(measured < 0.6)
    }

    @Test(arguments: [
        (StabiliserOptions(minimumIoU: 0.49), "minimumIoU", 0.49, 0.5...0.98),
        (StabiliserOptions(minimumIoU: 0.99), "minimumIoU", 0.99, 0.5...0.98),
        (StabiliserOptions(frameCount: 0), "frameCount", 0, 1...8),
        (StabiliserOptions(frameCount: 9), "frameCount", 9, 1...8),
        (StabiliserOptions(maximumAreaChange: 0.01), "maximumAreaChange", 0.01, 0.02...0.30),
        (StabiliserOptions(maximumAreaChange: 0.31), "maximumAreaChange", 0.31, 0.02...0.30),
        (StabiliserOptions(minimumDocumentFraction: 0), "minimumDocumentFraction", 0, 0.01...0.95),
        (StabiliserOptions(minimumSharpness: 1.2), "minimumSharpness", 1.2, 0...1),
    ])
    func rejectsSettingsOutOfRange(options: StabiliserOptions, setting: String, value: Double, range: ClosedRange<Double>) {
        #expect(throws: VideoOptionsError.outOfRange(setting: setting, value: value, range: range)) {
            try CaptureStabiliser(options: options)
        }
    }

    @Test func acceptsTheRangeBoundsAndExplainsRejections() throws {
        for options in [
            StabiliserOptions(minimumIoU: 0.5, frameCount: 1, maximumAreaChange: 0.02, minimumDocumentFraction: 0.01, minimumSharpness: 0),
            StabiliserOptions(minimumIoU: 0.98, frameCount: 8, maximumAreaChange: 0.30, minimumDocumentFraction: 0.95, minimumSharpness: 1),
        ] {
            #expect(throws: Never.self) { try options.validate() }
        }
        let error = VideoOptionsError.outOfRange(setting: "frameCount", value: 9, range: 1...8)
        #expect(error.description == "setting 'frameCount' is 9, outside 1…8; choose a value in that range")
        #expect(throws: VideoOptionsError.self) { try StabiliserOptions(minimumIoU: .nan).validate() }
    }

    @Test func optionsRoundTripThroughJSON() throws {
        let options = StabiliserOptions(minimumIoU: 0.8, frameCount: 5, maximumAreaChange: 0.2, minimumSharpness: 0.5)
        let json = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(StabiliserOptions.self, from: json) == options)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["minimumIoU", "frameCount", "maximumAreaChange", "minimumSharpness"])
    }
}

// MARK: - Sharpness

@Suite("Sharpness")
struct SharpnessTests {
    @Test(arguments: [1, 2, 4])
    func aSharpCheckerboardScoresAboveItsBlurredCopy(radius: Int) {
        let sharp = checkerboard(width: 400, height: 300, cell: 25, softness: 0.5)
        let blurred = boxBlurred(sharp, radius: radius)
        let (s, b) = (Sharpness.measure(sharp), Sharpness.measure(blurred))
        #expect(s > 0.8, "sharp \(s)")
        #expect(b < s - 0.1, "blurred by \(radius): \(b), sharp \(s)")
        #expect(Sharpness.measure(boxBlurred(sharp, radius: radius + 1)) < b, "more blur scores lower")
    }

    // A crisp edge lands on one or two working pixels depending on its phase, a step of
    // 1 / probeLength ≈ 0.11 in score, so crisp scenes get a looser tolerance than blurred ones.
    @Test(arguments: [(0.5, 0.1), (3.0, 0.05)])
    func isResolutionIndependent(softnessAt512: Double, tolerance: Double) {
        // The same scene at three resolutions: cells and blur scale with the image.
        let scores = [600, 850, 1200].map { long in
            let k = Double(long) / 512
            return Sharpness.measure(checkerboard(width: long, height: long * 3 / 4, cell: 32 * k, softness: max(0.5, softnessAt512 * k)))
        }
        #expect(scores.max()! - scores.min()! < tolerance, "scores \(scores)")
        #expect(softnessAt512 > 1 ? scores.max()! < 0.6 : scores.min()! > 0.6, "scores \(scores)")
    }

    @Test func measuresInsideTheQuadOnly() {
        // Left half crisp, right half blurred.
        let crisp = checkerboard(width: 400, height: 200, cell: 20, softness: 0.5)
        let blurred = boxBlurred(crisp, radius: 3)
        let mixed = Image<Gray8>(width: 400, height: 200) { buffer in
            for y in 0..<200 {
                for x in 0..<400 { buffer[y * 400 + x] = x < 200 ? crisp[x, y] : blurred[x, y] }
            }
        }
        let left = Sharpness.measure(mixed, in: Quad(rectangleAt: Point(10, 10), size: Size(width: 180, height: 180)))
        let right = Sharpness.measure(mixed, in: Quad(rectangleAt: Point(210, 10), size: Size(width: 180, height: 180)))
        #expect(abs(left - Sharpness.measure(crisp)) < 0.02 && right < left - 0.3, "left \(left), right \(right)")
    }

    @Test func blankFramesAndEmptyRegionsScoreZero() {
        let board = checkerboard(width: 100, height: 100, cell: 10, softness: 0.5)
        #expect(Sharpness.measure(Image(width: 100, height: 100, repeating: Gray8(128))) == 0)
        #expect(Sharpness.measure(board, in: Quad(rectangleAt: Point(500, 500), size: Size(width: 50, height: 50))) == 0)
        #expect(Sharpness.measure(board, in: Quad(rectangleAt: Point(10, 10), size: Size(width: 5, height: 5))) == 0)
        #expect(Sharpness.measure(Image(width: 0, height: 0, repeating: Gray8(0))) == 0)
    }

    @Test(arguments: 0..<4)
    func matchesThePlainReference(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let noise = Image<Gray8>(width: 150, height: 110) { buffer in
            for i in buffer.indices { buffer[i] = Gray8(UInt8(random.next() % 256)) }
        }
        let image = boxBlurred(noise, radius: Int(seed % 3))
        let quad = Quad(
            topLeft: Point(10 + random.unit() * 30, 5 + random.unit() * 20),
            topRight: Point(110 + random.unit() * 30, 5 + random.unit() * 20),
            bottomRight: Point(110 + random.unit() * 30, 80 + random.unit() * 25),
            bottomLeft: Point(10 + random.unit() * 30, 80 + random.unit() * 25))
        for region in [nil, quad] {
            let fast = Sharpness.measure(image, in: region), slow = referenceSharpness(image, in: region)
            #expect(abs(fast - slow) < 1e-12, "fast \(fast), reference \(slow)")
        }
    }

    /// The definition spelled out: an explicit box-blurred copy, a point-in-quad test per pixel.
    func referenceSharpness(_ image: Image<Gray8>, in quad: Quad?) -> Double {
        let n = Sharpness.probeLength, before = n / 2, after = n - before
        let w = image.width, h = image.height
        let values = image.pixels.map { Double($0.value) }
        let mask = (0..<w * h).map { i in
            guard let corners = quad?.corners else { return true }
            let centre = Point(Double(i % w) + 0.5, Double(i / w) + 0.5)
            return (0..<4).allSatisfy { (corners[($0 + 1) % 4] - corners[$0]).cross(centre - corners[$0]) >= 0 }
        }
        func inside(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] }
        var scores: [Double] = []
        for (dx, dy) in [(1, 0), (0, 1)] {
            // The centred box blur along this direction, where it fits in the frame.
            var blurred = [Double](repeating: .nan, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let taps = (-before..<(n - before)).map { (x + $0 * dx, y + $0 * dy) }
                    guard taps.allSatisfy({ $0.0 >= 0 && $0.1 >= 0 && $0.0 < w && $0.1 < h }) else { continue }
                    blurred[y * w + x] = taps.map { values[$0.1 * w + $0.0] }.reduce(0, +) / Double(n)
                }
            }
            var differences = 0.0, lost = 0.0
            for y in 0..<h {
                for x in 0..<w where (-before...after).allSatisfy({ inside(x + $0 * dx, y + $0 * dy) }) {
                    let p = y * w + x, q = (y + dy) * w + x + dx
                    let d = abs(values[q] - values[p])
                    differences += d
                    lost += max(0, d - abs(blurred[q] - blurred[p]))
                }
            }
            if differences > 0 { scores.append(lost / differences) }
        }
        return scores.min() ?? 0
    }
}

// MARK: - Test images


/// A gray checkerboard of `cell`-pixel squares (levels 28 and 228) whose edges ramp linearly over
/// 2 × `softness` pixels, rendered at pixel centres.
fileprivate func checkerboard(width: Int, height: Int, cell: Double, softness: Double) -> Image<Gray8> {
    func wave(_ u: Double) -> Double {
        let t = u / cell, f = t - t.rounded(.down)
        let sign: Double = Int(t.rounded(.down)) % 2 == 0 ? 1 : -1
        return sign * min(1, min(f, 1 - f) * cell / softness)
    }
    return Image(width: width, height: height) { buffer in
        for y in 0..<height {
            let wy = wave(Double(y) + 0.5)
            for x in 0..<width {
                buffer[y * width + x] = Gray8(UInt8((128 + 100 * wave(Double(x) + 0.5) * wy).rounded()))
            }
        }
    }
}

/// A separable box blur of the given radius, edges clamped.
fileprivate func boxBlurred(_ image: Image<Gray8>, radius: Int) -> Image<Gray8> {
    guard radius > 0 else { return image }
    let w = image.width, h = image.height
    func pass(_ values: [Double], along dx: Int, _ dy: Int) -> [Double] {
        var out = values
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -radius...radius {
                    let sx = min(max(x + k * dx, 0), w - 1), sy = min(max(y + k * dy, 0), h - 1)
                    sum += values[sy * w + sx]
                }
                out[y * w + x] = sum / Double(2 * radius + 1)
            }
        }
        return out
    }
    let blurred = pass(pass(image.pixels.map { Double($0.value) }, along: 1, 0), along: 0, 1)
    return Image(width: w, height: h, pixels: blurred.map { Gray8(UInt8($0.rounded())) })
}

private extension SeededGenerator {
    /// A uniform number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

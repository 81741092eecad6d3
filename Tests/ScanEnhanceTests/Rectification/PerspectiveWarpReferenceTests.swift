import Foundation
import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance

/// Compares the optimised warp kernel with a plain floating-point implementation of the same
/// definition on random images and random quads.
@Suite("Perspective warp against a reference")
struct PerspectiveWarpReferenceTests {
    /// The definition: each output pixel averages a grid of samples (the kernel's own grid
    /// choice) at its sub-pixel centres, each sample a bilinear read of the photo mapped through
    /// the homography, with taps outside the photo reading `fill`.
    static func reference<Pixel: BytePixel>(_ photo: Image<Pixel>, warp: PerspectiveWarp, homography: Homography) -> [UInt8] {
        let c = Pixel.channelCount
        let bytes = photo.withUnsafeBytes { Array($0) }
        func tap(_ x: Int, _ y: Int, _ k: Int) -> Double {
            guard x >= 0, y >= 0, x < photo.width, y < photo.height else { return Double(warp.fill) }
            return Double(bytes[(y * photo.width + x) * c + k])
        }
        var output = [UInt8](repeating: 0, count: warp.width * warp.height * c)
        for y in 0..<warp.height {
            let grid = warp.samplingGrid(row: y)
            for x in 0..<warp.width {
                for k in 0..<c {
                    var sum = 0.0
                    for j in 0..<grid.y {
                        for i in 0..<grid.x {
                            let p = homography.apply(Point(
                                Double(x) + (Double(i) + 0.5) / Double(grid.x), Double(y) + (Double(j) + 0.5) / Double(grid.y)))
                            let u = p.x - 0.5, v = p.y - 0.5
                            let x0 = Int(floor(u)), y0 = Int(floor(v))
                            let a = u - Double(x0), b = v - Double(y0)
                            let top = tap(x0, y0, k) * (1 - a) + tap(x0 + 1, y0, k) * a
                            let bottom = tap(x0, y0 + 1, k) * (1 - a) + tap(x0 + 1, y0 + 1, k) * a
                            sum += top * (1 - b) + bottom * b
                        }
                    }
                    output[(y * warp.width + x) * c + k] = UInt8((sum / Double(grid.x * grid.y)).rounded())
                }
            }
        }
        return output
    }

    static func randomImage<Pixel: BytePixel>(_: Pixel.Type, width: Int, height: Int, using generator: inout some RandomNumberGenerator) -> Image<Pixel> {
        Image<Pixel>(width: width, height: height) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
        }
    }

    /// A random convex quad around the photo's middle, corners up to 20 % outside the frame.
    static func randomQuad(width: Double, height: Double, using generator: inout some RandomNumberGenerator) -> Quad {
        while true {
            func corner(_ cx: Double, _ cy: Double) -> Point {
                Point(cx * width + Double.random(in: -0.3...0.3, using: &generator) * width,
                      cy * height + Double.random(in: -0.3...0.3, using: &generator) * height)
            }
            let quad = Quad(topLeft: corner(0.2, 0.2), topRight: corner(0.8, 0.2), bottomRight: corner(0.8, 0.8), bottomLeft: corner(0.2, 0.8))
            if quad.isValid(in: Size(width: width, height: height), tolerance: 0.2) { return quad }
        }
    }

    /// Output sizes that enlarge, keep and shrink the page (up to the grid limit and beyond).
    @Test("fixed-point kernel matches floating-point bilinear within rounding", arguments: [(90, 70), (40, 30), (14, 11), (3, 2)])
    func matchesReference(outputWidth: Int, outputHeight: Int) throws {
        var generator = SeededGenerator(seed: UInt64(outputWidth * 1000 + outputHeight))
        for trial in 0..<4 {
            let photoWidth = Int.random(in: 30...60, using: &generator), photoHeight = Int.random(in: 25...50, using: &generator)
            let quad = Self.randomQuad(width: Double(photoWidth), height: Double(photoHeight), using: &generator)
            let homography = try #require(Homography(mapping: Quad(rectangleAt: .zero, size: Size(width: Double(outputWidth), height: Double(outputHeight))), to: quad))
            let warp = PerspectiveWarp(
                outputToPhoto: homography, width: outputWidth, height: outputHeight, fill: UInt8(trial * 60),
                minificationTolerance: 0.5, maximumSamplesPerAxis: 4)
            try Self.compare(Self.randomImage(RGB8.self, width: photoWidth, height: photoHeight, using: &generator), warp, homography)
            try Self.compare(Self.randomImage(Gray8.self, width: photoWidth, height: photoHeight, using: &generator), warp, homography)
            try Self.compare(Self.randomImage(RGBA8.self, width: photoWidth, height: photoHeight, using: &generator), warp, homography)
        }
    }

    static func compare<Pixel: BytePixel>(_ photo: Image<Pixel>, _ warp: PerspectiveWarp, _ homography: Homography) throws {
        let fast = warp.apply(to: photo, threads: 2).withUnsafeBytes { Array($0) }
        let slow = reference(photo, warp: warp, homography: homography)
        try #require(fast.count == slow.count)
        let differences = zip(fast, slow).map { abs(Int($0) - Int($1)) }
        // Positions and weights are quantised to 1/256 px: at most one level of error, plus rounding.
        #expect(differences.max() ?? 0 <= 2, "\(Pixel.self) \(warp.width)×\(warp.height)")
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 0.35)
    }

    /// The photo mapped whole onto a larger output, so samples reach the last row and column,
    /// where the vector kernel's eight-byte reads hand over to the scalar path.
    @Test("full-frame warps match the reference up to the photo's last row and column", arguments: [(9, 7), (33, 20), (2, 2)])
    func fullFrame(photoWidth: Int, photoHeight: Int) throws {
        var generator = SeededGenerator(seed: UInt64(photoWidth * 100 + photoHeight))
        let frame = Quad(rectangleAt: .zero, size: Size(width: Double(photoWidth), height: Double(photoHeight)))
        let (outputWidth, outputHeight) = (photoWidth * 3 + 1, photoHeight * 3 - 1)
        let homography = try #require(Homography(
            mapping: Quad(rectangleAt: .zero, size: Size(width: Double(outputWidth), height: Double(outputHeight))), to: frame))
        let warp = PerspectiveWarp(
            outputToPhoto: homography, width: outputWidth, height: outputHeight, fill: 128,
            minificationTolerance: 0.5, maximumSamplesPerAxis: 4)
        try Self.compare(Self.randomImage(RGB8.self, width: photoWidth, height: photoHeight, using: &generator), warp, homography)
        try Self.compare(Self.randomImage(RGBA8.self, width: photoWidth, height: photoHeight, using: &generator), warp, homography)
    }

    /// The SIMD kernel against the scalar one it replaces, for every top-left tap of small photos
    /// (the last column and row included) and weights at both ends of their range: the same
    /// unrounded values, and the scalar fallback only where eight-byte reads would leave the photo.
    @Test("the vector kernel equals the scalar kernel at every tap", arguments: [3, 4])
    func vectorKernel(channels: Int) {
        var generator = SeededGenerator(seed: UInt64(channels))
        let warp = PerspectiveWarp(outputToPhoto: Homography(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1]), width: 1, height: 1, fill: 0, minificationTolerance: 0.5, maximumSamplesPerAxis: 1)
        for (width, height) in [(2, 2), (3, 2), (5, 4), (11, 3)] {
            let photo = PhotoBytes(width: width, height: height, channels: channels)
            let bytes = (0..<photo.stride * height).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let limit = PerspectiveWarp.vectorLimit(photo)
            bytes.withUnsafeBufferPointer { source in
                for y0 in 0..<height - 1 {
                    for x0 in 0..<width - 1 {
                        let offset = y0 * photo.stride + x0 * channels
                        // Eight bytes from the bottom row stay inside exactly below the limit.
                        #expect((offset < limit) == (offset + photo.stride + 8 <= bytes.count))
                        if y0 < height - 2 { #expect(offset < limit, "only the last tap row may fall back") }
                        guard offset < limit else { continue }
                        for (ax, ay) in [(0, 0), (255, 0), (0, 255), (255, 255), (1, 128), (128, 1), (77, 200)] {
                            let u = x0 << PerspectiveWarp.positionBits | ax << (PerspectiveWarp.positionBits - PerspectiveWarp.fractionBits)
                            let v = y0 << PerspectiveWarp.positionBits | ay << (PerspectiveWarp.positionBits - PerspectiveWarp.fractionBits)
                            var scalar = [Int](repeating: 0, count: channels)
                            warp.interpolate(u, v, inside: false, source.baseAddress!, photo, channels: channels) { scalar[$0] = $1 }
                            let vector = warp.interpolateVector(ax: ax, ay: ay, source.baseAddress! + offset, photo, channels: channels)
                            #expect((0..<channels).map { Int(vector[$0]) } == scalar, "\(width)×\(height) at (\(x0), \(y0)), weights (\(ax), \(ay))")
                        }
                    }
                }
            }
        }
    }

    @Test("the sampling grid follows the local minification")
    func grid() throws {
        // Output 20 px wide for a 100 px wide rectangle: 5 photo pixels per output pixel across,
        // 1 down.
        let homography = try #require(Homography(
            mapping: Quad(rectangleAt: .zero, size: Size(width: 20, height: 50)), to: Quad(rectangleAt: .zero, size: Size(width: 100, height: 50))))
        let warp = PerspectiveWarp(outputToPhoto: homography, width: 20, height: 50, fill: 0, minificationTolerance: 0.5, maximumSamplesPerAxis: 8)
        #expect(warp.samplingGrid(row: 10) == (5, 1))
        let capped = PerspectiveWarp(outputToPhoto: homography, width: 20, height: 50, fill: 0, minificationTolerance: 0.5, maximumSamplesPerAxis: 3)
        #expect(capped.samplingGrid(row: 10) == (3, 1))
    }
}


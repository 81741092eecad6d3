import Foundation
import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance

@Suite("Black and white")
struct BinarizerTests {
    static let text = BlockTextPage(width: 360, height: 480, seed: 11)
    static let normalized: Image<Gray8> = IlluminationNormalizer()
        .normalizedGray(text.render(light: BlockTextPage.harshLight(width: 360, height: 480)))

    static func binarizer(_ method: BinarizationMethod, bias: Double = 0) -> Binarizer {
        var options = Binarizer.Options()
        options.method = method
        options.bias = bias
        return Binarizer(options: options)
    }

    static func inkCount(_ image: Image<Gray8>) -> Int { image.pixels.filter { $0.value == 0 }.count }

    @Test("every method recovers the printed glyphs of a normalised shadowed page", arguments: BinarizationMethod.allCases)
    func recoversGlyphs(method: BinarizationMethod) {
        let bw = Self.binarizer(method).binarized(Self.normalized)
        #expect(bw.pixels.allSatisfy { $0.value == 0 || $0.value == 255 })
        let agree = zip(bw.pixels, Self.text.ink).filter { ($0.value == 0) == $1 }.count
        #expect(Double(agree) / Double(bw.pixelCount) > 0.985)
    }

    @Test("a positive bias darkens, a negative one lightens", arguments: [BinarizationMethod.sauvola, .wolfJolion, .otsu, .localMean])
    func bias(method: BinarizationMethod) {
        // A faint, blurry page so that the threshold matters.
        let faint = Self.normalized.map { Gray8(UInt8(255 - (255 - Int($0.value)) * 2 / 5)) }.resized(width: 180, height: 240).resized(width: 360, height: 480)
        let lighter = Self.inkCount(Self.binarizer(method, bias: -1).binarized(faint))
        let neutral = Self.inkCount(Self.binarizer(method).binarized(faint))
        let darker = Self.inkCount(Self.binarizer(method, bias: 1).binarized(faint))
        #expect(lighter < neutral && neutral < darker)
    }

    @Test("binarising in place leaves a shared copy untouched")
    func sharedCopy() {
        var image = Self.normalized
        let shared = image
        Binarizer().binarize(&image)
        #expect(shared == Self.normalized)
        #expect(image != Self.normalized)
    }

    @Test("local statistics match a plain window scan on random images", arguments: [(1, 1), (2, 3), (3, 9), (4, 40)])
    func boxStatistics(seed: UInt64, radius: Int) {
        let image: Image<Gray8> = randomImage(width: 37, height: 29 + Int(seed) * 7, seed: seed)
        let bytes = image.bytes, w = image.width, h = image.height
        let means = MeanCollector(count: image.pixelCount)
        BoxStatistics.forEachRow(of: image, radius: radius, threads: 2) { y, mean, deviation in
            for x in 0..<w { means.store(mean[x], deviation[x], at: y * w + x) }
        }
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0, squares = 0.0, count = 0.0
                for yy in max(0, y - radius)...min(h - 1, y + radius) {
                    for xx in max(0, x - radius)...min(w - 1, x + radius) {
                        let v = Double(bytes[yy * w + xx])
                        sum += v; squares += v * v; count += 1
                    }
                }
                let mean = sum / count, deviation = max(0, squares / count - mean * mean).squareRoot()
                #expect(abs(Double(means.mean[y * w + x]) - mean) < 0.01)
                #expect(abs(Double(means.deviation[y * w + x]) - deviation) < 0.01)
            }
        }
    }

    @Test("the adaptive kernels match a plain per-pixel implementation on random images",
          arguments: [BinarizationMethod.sauvola, .wolfJolion], [UInt64(5), 6])
    func adaptiveReference(method: BinarizationMethod, seed: UInt64) {
        let image: Image<Gray8> = randomImage(width: 64, height: 48, seed: seed)
        var options = Binarizer.Options()
        options.method = method
        options.minimumWindowRadius = 4
        let fast = Binarizer(options: options).binarized(image, threads: 2)
        let bytes = image.bytes, w = 64, h = 48, r = 4
        var means = [Double](repeating: 0, count: w * h), deviations = means
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0, squares = 0.0, count = 0.0
                for yy in max(0, y - r)...min(h - 1, y + r) {
                    for xx in max(0, x - r)...min(w - 1, x + r) {
                        let v = Double(bytes[yy * w + xx]); sum += v; squares += v * v; count += 1
                    }
                }
                means[y * w + x] = sum / count
                deviations[y * w + x] = max(0, squares / count - (sum / count) * (sum / count)).squareRoot()
            }
        }
        // Wolf–Jolion's R is taken over every (radius / 2)-th row, as the kernel documents.
        let darkest = Double(bytes.min()!)
        let range = deviations.enumerated().filter { ($0.offset / w) % (r / 2) == 0 }.map(\.element).max()!
        var mismatches = 0
        for i in 0..<(w * h) {
            let m = means[i], s = deviations[i]
            let t = method == .sauvola ? m * (1 + 0.2 * (s / 128 - 1)) : 0.5 * m + 0.5 * darkest + 0.5 * (s / range) * (m - darkest)
            let expected: UInt8 = Double(bytes[i]) <= t ? 0 : 255
            // Float rounding may flip a pixel lying exactly on its threshold.
            if fast[i % w, i / w].value != expected && abs(Double(bytes[i]) - t) > 0.01 { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("Otsu's threshold separates two clusters as a brute-force search does")
    func otsu() {
        var generator = SeededGenerator(seed: 9)
        let image = Image<Gray8>(width: 50, height: 40, pixels: (0..<2000).map { i in
            Gray8(UInt8(i % 3 == 0 ? Int.random(in: 20...70, using: &generator) : Int.random(in: 160...230, using: &generator)))
        })
        let t = Binarizer.otsuThreshold(image)
        #expect(t >= 70 && t < 160)
        var best = -1.0, bestT = 0
        let values = image.pixels.map { Double($0.value) }
        for candidate in 0..<256 {
            let low = values.filter { $0 <= Double(candidate) }, high = values.filter { $0 > Double(candidate) }
            guard !low.isEmpty, !high.isEmpty else { continue }
            let ml = low.reduce(0, +) / Double(low.count), mh = high.reduce(0, +) / Double(high.count)
            let between = Double(low.count) * Double(high.count) * (ml - mh) * (ml - mh)
            if between > best { best = between; bestT = candidate }
        }
        #expect(t == bestT)
    }
}

/// Collects per-pixel results from concurrent row workers (disjoint rows).
final class MeanCollector: @unchecked Sendable {
    var mean: [Float]
    var deviation: [Float]
    private let lock = NSLock()

    init(count: Int) {
        mean = Array(repeating: 0, count: count)
        deviation = Array(repeating: 0, count: count)
    }

    func store(_ m: Float, _ d: Float, at index: Int) {
        lock.withLock {
            mean[index] = m
            deviation[index] = d
        }
    }
}

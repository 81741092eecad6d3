/// How `resized` interpolates when it enlarges; shrinking always averages areas, which is what
/// avoids aliasing on text and fine lines.
public enum ResamplingFilter: Sendable {
    /// Bilinear interpolation when enlarging.
    case bilinear
    /// Bicubic (Keys, a = −0.5) interpolation when enlarging: sharper, slightly slower.
    case bicubic
}

extension Image where Pixel: BytePixel {
    /// A resampled copy of `width × height` pixels. Each axis shrinks by area averaging (every
    /// source pixel weighted by how much of it an output pixel covers) and enlarges by `filter`.
    /// - Parameters:
    ///   - width: output width, ≥ 1.
    ///   - height: output height, ≥ 1.
    ///   - filter: the interpolation used on an axis that is enlarged.
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func resized(width newWidth: Int, height newHeight: Int, filter: ResamplingFilter = .bilinear, threads: Int? = nil) -> Image {
        precondition(newWidth >= 1 && newHeight >= 1, "resized size must be at least 1×1")
        precondition(!isEmpty, "cannot resize an empty image")
        if newWidth == width && newHeight == height { return self }
        let channels = Pixel.channelCount
        let horizontal = ResamplingWeights(source: width, destination: newWidth, filter: filter)
        let vertical = ResamplingWeights(source: height, destination: newHeight, filter: filter)
        // Horizontal pass into floats (all source rows), then vertical pass into bytes.
        let rowLength = newWidth * channels
        var intermediate = [Float](repeating: 0, count: height * rowLength)
        withUnsafeBytes { input in
            intermediate.withUnsafeMutableBufferPointer { middle in
                let source = UnsafeSendable(input), destination = UnsafeSendable(middle)
                let sourceRow = bytesPerRow
                Parallel.forEachChunk(of: height, threads: threads, minimumChunk: 16) { rows in
                    for y in rows {
                        horizontal.apply(
                            source.value.baseAddress! + y * sourceRow,
                            into: destination.value.baseAddress! + y * rowLength, channels: channels)
                    }
                }
            }
        }
        return Image(width: newWidth, height: newHeight) { (output: UnsafeMutableBufferPointer<UInt8>) in
            intermediate.withUnsafeBufferPointer { middle in
                let source = UnsafeSendable(middle), destination = UnsafeSendable(output)
                Parallel.forEachChunk(of: newHeight, threads: threads, minimumChunk: 16) { rows in
                    for y in rows {
                        vertical.applyColumn(
                            at: y, rows: source.value.baseAddress!, rowLength: rowLength,
                            into: destination.value.baseAddress! + y * rowLength)
                    }
                }
            }
        }
    }

    /// A copy scaled so its longer side is `longSide` pixels, keeping the aspect ratio.
    public func resized(longSide: Int, filter: ResamplingFilter = .bilinear, threads: Int? = nil) -> Image {
        let scale = Double(longSide) / Double(Swift.max(width, height))
        return resized(
            width: Swift.max(1, Int((Double(width) * scale).rounded())),
            height: Swift.max(1, Int((Double(height) * scale).rounded())),
            filter: filter, threads: threads)
    }

    /// A copy no larger than `maximumLongSide` on its longer side (never enlarged), and the scale
    /// factor from the copy's coordinates back to this image's (≥ 1).
    public func downscaled(toLongSide maximumLongSide: Int, threads: Int? = nil) -> (image: Image, scale: Double) {
        let longSide = Swift.max(width, height)
        guard longSide > maximumLongSide else { return (self, 1) }
        let small = resized(longSide: maximumLongSide, threads: threads)
        // From the long sides: the short side is rounded to whole pixels, and for a thin image
        // (10 × 4000 → 1 × 500) its ratio would be far off.
        return (small, Double(longSide) / Double(Swift.max(small.width, small.height)))
    }
}

/// Per-output-pixel taps of a one-dimensional resampling, precomputed once per axis.
struct ResamplingWeights: Sendable {
    let tapsPerOutput: Int
    let firstTap: [Int]
    let weights: [Float]

    init(source: Int, destination: Int, filter: ResamplingFilter) {
        let scale = Double(source) / Double(destination)
        var firstTap = [Int](repeating: 0, count: destination)
        var taps: [[Float]] = []
        taps.reserveCapacity(destination)
        if scale >= 1 {
            // Area averaging: output pixel i covers source interval [i·s, (i+1)·s).
            for i in 0..<destination {
                let start = Double(i) * scale, end = Double(i + 1) * scale
                let first = Int(start), last = Swift.min(source - 1, Int((end - 1e-9).rounded(.down)))
                firstTap[i] = first
                var row: [Float] = []
                for j in first...Swift.max(first, last) {
                    let overlap = Swift.min(end, Double(j + 1)) - Swift.max(start, Double(j))
                    row.append(Float(Swift.max(0, overlap) / scale))
                }
                taps.append(row)
            }
        } else {
            for i in 0..<destination {
                let centre = (Double(i) + 0.5) * scale - 0.5
                let base = Int(centre.rounded(.down))
                let t = centre - Double(base)
                let offsets: [Int], kernel: [Double]
                switch filter {
                case .bilinear:
                    offsets = [0, 1]
                    kernel = [1 - t, t]
                case .bicubic:
                    offsets = [-1, 0, 1, 2]
                    kernel = offsets.map { cubic(Double($0) - t) }
                }
                // Clamp taps at the borders by folding their weight onto the edge pixel.
                var row = [Float](repeating: 0, count: offsets.count)
                let first = Swift.min(Swift.max(base + offsets[0], 0), Swift.max(0, source - offsets.count))
                firstTap[i] = first
                for (k, offset) in offsets.enumerated() {
                    let j = Swift.min(Swift.max(base + offset, 0), source - 1)
                    let slot = Swift.min(Swift.max(j - first, 0), offsets.count - 1)
                    row[slot] += Float(kernel[k])
                }
                taps.append(row)
            }
        }
        // Border folding keeps every non-zero weight within the source, so no row needs more
        // taps than the source has pixels.
        let width = Swift.min(source, taps.map(\.count).max() ?? 1)
        // Pad so every output has the same number of taps; padded taps weigh nothing and stay
        // inside the source because `first` is pulled back where a row would run past the end.
        var flat = [Float](repeating: 0, count: destination * width)
        for i in 0..<destination {
            let shift = Swift.max(0, firstTap[i] + width - source)
            firstTap[i] -= shift
            for (k, w) in taps[i].enumerated() where k + shift < width { flat[i * width + k + shift] = w }
        }
        self.tapsPerOutput = width
        self.firstTap = firstTap
        self.weights = flat
    }

    /// Resamples one row of interleaved bytes into floats.
    @inline(__always)
    func apply(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>, channels: Int) {
        weights.withUnsafeBufferPointer { w in
            for i in 0..<firstTap.count {
                let first = firstTap[i]
                for c in 0..<channels {
                    var sum: Float = 0
                    for k in 0..<tapsPerOutput {
                        sum += w[i * tapsPerOutput + k] * Float(source[(first + k) * channels + c])
                    }
                    destination[i * channels + c] = sum
                }
            }
        }
    }

    /// Resamples output row `y` vertically from float rows into bytes.
    @inline(__always)
    func applyColumn(at y: Int, rows: UnsafePointer<Float>, rowLength: Int, into destination: UnsafeMutablePointer<UInt8>) {
        let first = firstTap[y]
        weights.withUnsafeBufferPointer { w in
            for x in 0..<rowLength {
                var sum: Float = 0
                for k in 0..<tapsPerOutput {
                    sum += w[y * tapsPerOutput + k] * rows[(first + k) * rowLength + x]
                }
                destination[x] = UInt8(Swift.min(255, Swift.max(0, sum + 0.5)))
            }
        }
    }
}

/// The Keys cubic convolution kernel with a = −0.5.
private func cubic(_ x: Double) -> Double {
    let a = -0.5, x = abs(x)
    if x <= 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
    if x < 2 { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a }
    return 0
}

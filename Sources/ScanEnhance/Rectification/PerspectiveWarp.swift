import ScanCore

/// Resamples a photo through a homography into an output rectangle, the kernel behind
/// `Rectifier`.
///
/// Each output pixel's centre is mapped into the photo by the output-to-photo homography, walked
/// along a row by forward differencing (integer additions, one division per span of up to 64
/// pixels, within 1/1024 px of the exact position), and read with fixed-point bilinear
/// interpolation (1/256 pixel weights). The output is processed in 128 × 16 tiles so the photo
/// pixels a tile reads stay in cache, and rows are spread over threads. Where the page is
/// smaller in the output than in the photo, a row is supersampled on a grid of `n × m` points per
/// output pixel, `n` and `m` being the local minification along each output axis (from the
/// homography's Jacobian) rounded up, and the samples averaged: a box prefilter matched to the
/// footprint, so fine print does not alias, with no second resampling pass to blur it.
/// Samples outside the photo read the fill value, so the page's border blends into it smoothly.
struct PerspectiveWarp: Sendable {
    /// Output size in pixels.
    let width: Int, height: Int
    /// The output-to-photo matrix, row-major.
    let m0, m1, m2, m3, m4, m5, m6, m7, m8: Double
    /// The byte every channel of a sample outside the photo reads.
    let fill: UInt8
    /// Minification tolerated before supersampling (see `Rectifier.Options`).
    let minificationTolerance: Double
    /// Largest supersampling grid side.
    let maximumSamplesPerAxis: Int

    /// Fractional bits of sample positions and interpolation weights.
    static let fractionBits = 8
    static let one = 1 << fractionBits

    init(outputToPhoto: Homography, width: Int, height: Int, fill: UInt8, minificationTolerance: Double, maximumSamplesPerAxis: Int) {
        let m = outputToPhoto.matrix
        (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        self.width = width
        self.height = height
        self.fill = fill
        self.minificationTolerance = minificationTolerance
        self.maximumSamplesPerAxis = max(1, maximumSamplesPerAxis)
    }

    // MARK: - Sampling density

    /// How many photo pixels one output pixel spans along the output's x and y axes at output
    /// point (x, y): the column norms of the map's Jacobian.
    func footprint(x: Double, y: Double) -> (x: Double, y: Double) {
        let w = m6 * x + m7 * y + m8
        let u = (m0 * x + m1 * y + m2) / w, v = (m3 * x + m4 * y + m5) / w
        let dudx = (m0 - u * m6) / w, dvdx = (m3 - v * m6) / w
        let dudy = (m1 - u * m7) / w, dvdy = (m4 - v * m7) / w
        return ((dudx * dudx + dvdx * dvdx).squareRoot(), (dudy * dudy + dvdy * dvdy).squareRoot())
    }

    /// The supersampling grid for output row `y`: samples per pixel along x and along y, from
    /// the largest footprint along the row (a homography's scale is extreme at a row's ends).
    func samplingGrid(row y: Int) -> (x: Int, y: Int) {
        let yc = Double(y) + 0.5
        let left = footprint(x: 0.5, y: yc), middle = footprint(x: Double(width) / 2, y: yc)
        let right = footprint(x: Double(width) - 0.5, y: yc)
        let largest = (x: max(left.x, middle.x, right.x), y: max(left.y, middle.y, right.y))
        func count(_ scale: Double) -> Int {
            let n = (scale - minificationTolerance).rounded(.up)
            guard n.isFinite, n > 1 else { return 1 }
            return min(maximumSamplesPerAxis, Int(n))
        }
        return (count(largest.x), count(largest.y))
    }

    // MARK: - Driver

    /// The warped image, rows spread over up to `threads` threads (nil: every core). The result
    /// does not depend on the thread count.
    func apply<Pixel: BytePixel>(to image: Image<Pixel>, threads: Int?) -> Image<Pixel> {
        let channels = Pixel.channelCount
        return image.withUnsafeBytes { sourceBytes in
            Image<Pixel>(width: width, height: height) { (output: UnsafeMutableBufferPointer<UInt8>) in
                let source = UnsafeSendable(sourceBytes.baseAddress!)
                let destination = UnsafeSendable(output.baseAddress!)
                let photo = PhotoBytes(width: image.width, height: image.height, channels: channels)
                Parallel.forEachChunk(of: height, threads: threads, minimumChunk: 16) { rows in
                    switch channels {
                    case 1: warpRows(rows, source.value, photo, destination.value, layout: OneChannel.self)
                    case 3: warpRows(rows, source.value, photo, destination.value, layout: ThreeChannels.self)
                    case 4: warpRows(rows, source.value, photo, destination.value, layout: FourChannels.self)
                    default: warpRows(rows, source.value, photo, destination.value, layout: AnyChannels.self)
                    }
                }
            }
        }
    }

    /// Warps `rows`; specialised per layout so the channel loops unroll.
    private func warpRows<Layout: ChannelLayout>(
        _ rows: Range<Int>, _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        _ destination: UnsafeMutablePointer<UInt8>, layout: Layout.Type
    ) {
        let channels = Layout.channels(photo)
        let rowLength = width * channels
        let tileWidth = Swift.min(width, PerspectiveWarp.tileWidth)
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: tileWidth * channels)
        defer { sums.deallocate() }
        var grids: [(x: Int, y: Int)] = [], spans: [Int] = []
        grids.reserveCapacity(PerspectiveWarp.tileHeight)
        spans.reserveCapacity(PerspectiveWarp.tileHeight)
        // Small tiles keep the photo pixels they read in the first-level cache.
        for band in stride(from: rows.lowerBound, to: rows.upperBound, by: PerspectiveWarp.tileHeight) {
            let bandRows = band..<Swift.min(band + PerspectiveWarp.tileHeight, rows.upperBound)
            grids.removeAll(keepingCapacity: true)
            spans.removeAll(keepingCapacity: true)
            for y in bandRows {
                grids.append(samplingGrid(row: y))
                spans.append(spanLength(row: Double(y) + 0.5, step: 1))
            }
            for left in stride(from: 0, to: width, by: tileWidth) {
                let columns = left..<Swift.min(left + tileWidth, width)
                for (i, y) in bandRows.enumerated() {
                    let out = destination + y * rowLength, grid = grids[i]
                    if grid == (1, 1) {
                        bilinearRow(y, columns: columns, span: spans[i], source, photo, out, layout: layout)
                    } else {
                        supersampledRow(y, columns: columns, grid: grid, source, photo, out, sums: sums, layout: layout)
                    }
                }
            }
        }
    }

    /// Output tile size: the photo pixels a tile reads stay in the first-level cache.
    static let tileWidth = 128
    static let tileHeight = 16
}

/// The source photo's layout as the kernel needs it.
struct PhotoBytes: Sendable {
    let width: Int, height: Int, channels: Int
    var stride: Int { width * channels }
}

/// A pixel layout known at compile time, so the kernels specialise with constant channel loops.
protocol ChannelLayout {
    /// Channels per pixel of `photo`.
    static func channels(_ photo: PhotoBytes) -> Int
}

enum OneChannel: ChannelLayout {
    @inline(__always) static func channels(_ photo: PhotoBytes) -> Int { 1 }
}

enum ThreeChannels: ChannelLayout {
    @inline(__always) static func channels(_ photo: PhotoBytes) -> Int { 3 }
}

enum FourChannels: ChannelLayout {
    @inline(__always) static func channels(_ photo: PhotoBytes) -> Int { 4 }
}

/// Any other byte pixel, with the count read at run time.
enum AnyChannels: ChannelLayout {
    @inline(__always) static func channels(_ photo: PhotoBytes) -> Int { photo.channels }
}

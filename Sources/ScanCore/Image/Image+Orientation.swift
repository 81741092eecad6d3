// MARK: - Orientation transforms

/// Rotations, flips and EXIF orientation for images of any pixel type.
///
/// Every transform here is a pure re-indexing of pixels (no resampling), so it is exact and the
/// result has the same pixels as the source, rearranged. Transforms that keep the size have in-place
/// `mutating` forms too; those respect copy-on-write, so a copy sharing storage is left untouched.
extension Image {
    /// The image turned 90° clockwise; the result is `height × width`.
    public func rotated90Clockwise() -> Image { remapped(.right) }

    /// The image turned 180°.
    public func rotated180() -> Image { remapped(.down) }

    /// The image turned 90° counter-clockwise (270° clockwise); the result is `height × width`.
    public func rotated90CounterClockwise() -> Image { remapped(.left) }

    /// The image mirrored left to right.
    public func flippedHorizontally() -> Image { remapped(.upMirrored) }

    /// The image mirrored top to bottom.
    public func flippedVertically() -> Image { remapped(.downMirrored) }

    /// The image mirrored across its main diagonal (pixel (x, y) moves to (y, x)); `height × width`.
    public func transposed() -> Image { remapped(.leftMirrored) }

    /// The image mirrored across its anti-diagonal (a transpose then a 180° turn); `height × width`.
    public func transversed() -> Image { remapped(.rightMirrored) }

    /// The upright image for a stored image with EXIF orientation `orientation`: the stored pixels
    /// turned and/or mirrored as the tag says. Returns `self` unchanged (no copy) for `.up`.
    public func applyingOrientation(_ orientation: ImageOrientation) -> Image {
        orientation == .up ? self : remapped(orientation)
    }

    /// Makes the image upright for EXIF orientation `orientation`, in place when the size is kept
    /// (values 1…4), otherwise by replacing it with a transformed copy.
    public mutating func applyOrientation(_ orientation: ImageOrientation) {
        switch orientation {
        case .up: return
        case .upMirrored: flipHorizontally()
        case .down: rotate180()
        case .downMirrored: flipVertically()
        case .leftMirrored, .right, .rightMirrored, .left: self = remapped(orientation)
        }
    }

    /// Mirrors the image left to right in place.
    public mutating func flipHorizontally() { transformInPlace(.upMirrored) }

    /// Mirrors the image top to bottom in place.
    public mutating func flipVertically() { transformInPlace(.downMirrored) }

    /// Turns the image 180° in place.
    public mutating func rotate180() { transformInPlace(.down) }

    // MARK: - Kernel

    /// Copies pixels into a new image where output pixel (x, y) is source pixel
    /// `origin + x * stepX + y * stepY` (linear indices), the affine re-indexing every one of the
    /// eight orientations reduces to. Tiled, and parallel over bands of tile rows.
    private func remapped(_ orientation: ImageOrientation) -> Image {
        let (outWidth, outHeight) = orientation.orientedSize(width: width, height: height)
        let w = width, h = height
        let (origin, stepX, stepY): (Int, Int, Int) = switch orientation {
        case .up: (0, 1, w)
        case .upMirrored: (w - 1, -1, w)
        case .down: ((h - 1) * w + w - 1, -1, -w)
        case .downMirrored: ((h - 1) * w, 1, -w)
        case .leftMirrored: (0, w, 1)
        case .right: ((h - 1) * w, -w, 1)
        case .rightMirrored: ((h - 1) * w + w - 1, -w, -1)
        case .left: (w - 1, w, -1)
        }
        guard outWidth > 0, outHeight > 0 else {
            return Image(width: outWidth, height: outHeight, pixels: [])
        }
        let map = RemapGeometry(width: outWidth, height: outHeight, origin: origin, stepX: stepX, stepY: stepY)
        return withUnsafeBufferPointer { source in
            Image(width: outWidth, height: outHeight) { (output: inout UnsafeMutableBufferPointer<Pixel>) in
                // Generic code called from another module runs unspecialised, copying each pixel
                // through its value witness (~5× slower on 12 MP); plain-data pixels are moved as
                // fixed-size words of their size instead.
                let src = source.baseAddress!, dst = output.baseAddress!, count = source.count
                if _isPOD(Pixel.self) {
                    switch MemoryLayout<Pixel>.stride {
                    case 1: return rebound(src, dst, count, UInt8.self) { map.copy($0, $1) }
                    case 2: return rebound(src, dst, count, UInt16.self) { map.copy($0, $1) }
                    case 3: return rebound(src, dst, count, ThreeBytes.self) { map.copy($0, $1) }
                    case 4: return rebound(src, dst, count, UInt32.self) { map.copy($0, $1) }
                    case 8: return rebound(src, dst, count, UInt64.self) { map.copy($0, $1) }
                    default: break
                    }
                }
                map.copy(src, dst)
            }
        }
    }

    /// Flips or turns the image in place (orientations that keep the size: 2, 3, 4).
    private mutating func transformInPlace(_ orientation: ImageOrientation) {
        let width = self.width, height = self.height
        guard width > 0, height > 0 else { return }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!, count = buffer.count
            if _isPOD(Pixel.self) {
                switch MemoryLayout<Pixel>.stride {
                case 1: return swapRebound(base, count, UInt8.self, width, height, orientation)
                case 2: return swapRebound(base, count, UInt16.self, width, height, orientation)
                case 3: return swapRebound(base, count, ThreeBytes.self, width, height, orientation)
                case 4: return swapRebound(base, count, UInt32.self, width, height, orientation)
                case 8: return swapRebound(base, count, UInt64.self, width, height, orientation)
                default: break
                }
            }
            swapInPlace(base, width: width, height: height, orientation)
        }
    }
}

/// A 3-byte plain value, the word an `RGB8` pixel is moved as.
private struct ThreeBytes {
    var a: UInt8, b: UInt8, c: UInt8
}

/// Views both buffers as `Word`s of the pixel's size and runs `body` on them.
private func rebound<Pixel, Word>(
    _ source: UnsafePointer<Pixel>, _ output: UnsafeMutablePointer<Pixel>, _ count: Int, _: Word.Type,
    _ body: (UnsafePointer<Word>, UnsafeMutablePointer<Word>) -> Void
) {
    source.withMemoryRebound(to: Word.self, capacity: count) { src in
        output.withMemoryRebound(to: Word.self, capacity: count) { dst in body(src, dst) }
    }
}

/// Runs `swapInPlace` on the buffer viewed as `Word`s of the pixel's size.
private func swapRebound<Pixel, Word>(
    _ base: UnsafeMutablePointer<Pixel>, _ count: Int, _: Word.Type,
    _ width: Int, _ height: Int, _ orientation: ImageOrientation
) {
    base.withMemoryRebound(to: Word.self, capacity: count) { words in
        swapInPlace(words, width: width, height: height, orientation)
    }
}

/// Where each output pixel of a remap comes from: source index `origin + x * stepX + y * stepY`.
private struct RemapGeometry: Sendable {
    let width: Int, height: Int, origin: Int, stepX: Int, stepY: Int

    /// Side of the square tiles the copy walks, so that column-wise reads of the source stay in
    /// cache; 64 rows of 64 pixels of up to 16 bytes fit in L2 comfortably.
    static let tile = 64

    /// Initialises every output pixel from its source pixel, tile by tile, bands in parallel.
    func copy<Word>(_ source: UnsafePointer<Word>, _ output: UnsafeMutablePointer<Word>) {
        let src = UnsafeSendable(source), dst = UnsafeSendable(output)
        let tile = Self.tile
        let bands = (height + tile - 1) / tile
        Parallel.forEachChunk(of: bands, minimumChunk: 2) { range in
            let src = src.value, dst = dst.value
            for band in range {
                let y0 = band * tile, y1 = min(height, y0 + tile)
                var x0 = 0
                while x0 < width {
                    let x1 = min(width, x0 + tile)
                    for y in y0..<y1 {
                        let outRow = dst + y * width
                        var s = origin + y * stepY + x0 * stepX
                        for x in x0..<x1 {
                            (outRow + x).initialize(to: src[s])
                            s += stepX
                        }
                    }
                    x0 = x1
                }
            }
        }
    }
}

/// Mirrors left-right (`.upMirrored`), top-bottom (`.downMirrored`) or turns 180° (`.down`) by
/// swapping pixels pairwise.
private func swapInPlace<Word>(_ base: UnsafeMutablePointer<Word>, width: Int, height: Int, _ orientation: ImageOrientation) {
    switch orientation {
    case .upMirrored:
        for y in 0..<height {
            let row = base + y * width
            var left = 0, right = width - 1
            while left < right {
                swap(&row[left], &row[right])
                left += 1
                right -= 1
            }
        }
    case .downMirrored:
        var top = 0, bottom = height - 1
        while top < bottom {
            let a = base + top * width, b = base + bottom * width
            for x in 0..<width { swap(&a[x], &b[x]) }
            top += 1
            bottom -= 1
        }
    case .down:
        var i = 0, j = width * height - 1
        while i < j {
            swap(&base[i], &base[j])
            i += 1
            j -= 1
        }
    default:
        preconditionFailure("\(orientation) changes the size and cannot be done in place")
    }
}

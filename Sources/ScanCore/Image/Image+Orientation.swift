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
    public mutating func flipHorizontally() {
        let width = self.width, height = self.height
        guard width > 1 else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height {
                let row = base + y * width
                var left = 0, right = width - 1
                while left < right {
                    swap(&row[left], &row[right])
                    left += 1
                    right -= 1
                }
            }
        }
    }

    /// Mirrors the image top to bottom in place.
    public mutating func flipVertically() {
        let width = self.width, height = self.height
        guard height > 1, width > 0 else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var top = 0, bottom = height - 1
            while top < bottom {
                let a = base + top * width, b = base + bottom * width
                for x in 0..<width { swap(&a[x], &b[x]) }
                top += 1
                bottom -= 1
            }
        }
    }

    /// Turns the image 180° in place.
    public mutating func rotate180() {
        let count = pixelCount
        guard count > 1 else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var i = 0, j = count - 1
            while i < j {
                swap(&base[i], &base[j])
                i += 1
                j -= 1
            }
        }
    }

    // MARK: - Kernel

    /// Side of the square tiles the remap walks, so that column-wise reads of the source stay in
    /// cache; 64 pixels of up to 16 bytes fit 64 rows in L1/L2 comfortably.
    private static var remapTile: Int { 64 }

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
        let tile = Self.remapTile
        return withUnsafeBufferPointer { source in
            let src = UnsafeSendable(source.baseAddress!)
            return Image(width: outWidth, height: outHeight) { (output: inout UnsafeMutableBufferPointer<Pixel>) in
                let dst = UnsafeSendable(output.baseAddress!)
                let bands = (outHeight + tile - 1) / tile
                Parallel.forEachChunk(of: bands, minimumChunk: 2) { range in
                    let src = src.value, dst = dst.value
                    for band in range {
                        let y0 = band * tile, y1 = min(outHeight, y0 + tile)
                        var x0 = 0
                        while x0 < outWidth {
                            let x1 = min(outWidth, x0 + tile)
                            for y in y0..<y1 {
                                let outRow = dst + y * outWidth
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
    }
}

import ScanCore

/// Packs black-and-white pixels into one bit each, as fax and TIFF bilevel images store them.
enum BilevelPacking {
    /// Bytes per packed row of `width` pixels (rows start on a byte boundary).
    static func rowBytes(width: Int) -> Int { (width + 7) / 8 }

    /// Packs `image` most-significant bit first, a 1 bit for ink (a value below `threshold`) and a 0 bit
    /// for paper, so the result reads as TIFF's `MinIsWhite` and the fax codes' white runs are paper.
    ///
    /// - Parameter threshold: values below it are ink; 128 splits a 0/255 bilevel image exactly.
    static func pack(_ image: Image<Gray8>, threshold: UInt8 = 128) -> [UInt8] {
        let width = image.width, height = image.height, stride = rowBytes(width: width)
        return [UInt8](unsafeUninitializedCapacity: stride * height) { packed, count in
            image.withUnsafeBytes { pixels in
                for y in 0..<height {
                    let row = y * width, out = y * stride
                    var x = 0
                    for byteIndex in 0..<stride {
                        var byte: UInt8 = 0
                        let end = min(width, x + 8)
                        var bit: UInt8 = 0x80
                        while x < end {
                            if pixels[row + x] < threshold { byte |= bit }
                            bit >>= 1
                            x += 1
                        }
                        packed[out + byteIndex] = byte
                    }
                }
            }
            count = stride * height
        }
    }
}

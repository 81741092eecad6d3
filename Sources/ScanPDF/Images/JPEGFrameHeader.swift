/// The size and layout a JPEG file declares in its start-of-frame (SOFn) segment.
///
/// Only the markers are walked (no entropy-coded data is read), so this is cheap even for large files.
struct JPEGFrameHeader: Equatable {
    /// Samples per line.
    var width: Int
    /// Number of lines.
    var height: Int
    /// Colour components: 1 gray, 3 YCbCr/RGB, 4 CMYK.
    var components: Int
}

extension JPEGFrameHeader {
    /// Reads the first frame header of `bytes`.
    ///
    /// - Throws: `PDFError.notJPEG` when there is no start-of-image marker, the segments are truncated,
    ///   the scan starts before any frame header, the precision is not 8 bits, the frame is lossless or
    ///   arithmetic-coded in a way PDF readers do not decode, or the height is deferred to a DNL marker.
    init(parsing bytes: [UInt8]) throws {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw PDFError.notJPEG("no start-of-image marker")
        }
        var index = 2
        while index < bytes.count {
            guard bytes[index] == 0xFF else { throw PDFError.notJPEG("stray byte at offset \(index)") }
            // Any number of 0xFF fill bytes may precede a marker.
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { break }
            let marker = bytes[index]
            index += 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length field
            if marker == 0xD9 || marker == 0xDA { throw PDFError.notJPEG("no frame header before the image data") }
            guard index + 2 <= bytes.count else { break }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2, index + length <= bytes.count else { break }
            if Self.isFrameMarker(marker) {
                try self.init(segment: bytes[(index + 2)..<(index + length)], marker: marker)
                return
            }
            index += length
        }
        throw PDFError.notJPEG("truncated before the frame header")
    }

    private init(segment: ArraySlice<UInt8>, marker: UInt8) throws {
        guard segment.count >= 6 else { throw PDFError.notJPEG("frame header too short") }
        let start = segment.startIndex
        guard segment[start] == 8 else { throw PDFError.notJPEG("\(segment[start])-bit samples") }
        // SOF3/7/11/15 are lossless; PDF's DCTDecode only covers the DCT processes.
        guard marker & 0x03 != 0x03 else { throw PDFError.notJPEG("lossless jpeg") }
        height = Int(segment[start + 1]) << 8 | Int(segment[start + 2])
        width = Int(segment[start + 3]) << 8 | Int(segment[start + 4])
        components = Int(segment[start + 5])
        guard height > 0 else { throw PDFError.notJPEG("height deferred to a DNL marker") }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameMarker(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}

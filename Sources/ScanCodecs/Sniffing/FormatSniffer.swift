/// Recognises image formats by their magic bytes, and names the common formats we do not decode
/// so an error can say what the file really is.
public enum FormatSniffer {
    /// How many leading bytes sniffing looks at (enough for an ISO-BMFF `ftyp` box with several
    /// compatible brands).
    public static let headerLength = 64

    /// HEIF brands whose images are HEVC (HEIC) or generic HEIF still images.
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
    /// HEIF brands whose images are AV1.
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// The format of `header` (the first bytes of a file), or nil.
    static func sniff(_ header: [UInt8]) -> ImageFormat? {
        if header.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if let brands = ftypBrands(header) {
            // The major brand decides when it is specific; "mif1" files that list "avif" are AVIF.
            if let major = brands.first, heifBrands.contains(major), major != "mif1", major != "msf1" { return .heif }
            if brands.contains(where: avifBrands.contains) { return .avif }
            if brands.contains(where: heifBrands.contains) { return .heif }
        }
        return nil
    }

    /// A short phrase for an error message saying what `header` looks like, for files that are
    /// not one of our formats: "it is a GIF image", "it starts with text", "it starts with bytes 00 01 02 03".
    public static func describe(_ header: some Collection<UInt8>) -> String {
        let bytes = Array(header.prefix(headerLength))
        let magic: [(prefix: [UInt8], what: String)] = [
            (Array("GIF87a".utf8), "it is a GIF image"),
            (Array("GIF89a".utf8), "it is a GIF image"),
            ([0x49, 0x49, 0x2A, 0x00], "it is a TIFF image"),
            ([0x4D, 0x4D, 0x00, 0x2A], "it is a TIFF image"),
            ([0x49, 0x49, 0x2B, 0x00], "it is a BigTIFF image"),
            ([0x4D, 0x4D, 0x00, 0x2B], "it is a BigTIFF image"),
            (Array("BM".utf8), "it is a BMP image"),
            (Array("%PDF".utf8), "it is a PDF document"),
            ([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20], "it is a JPEG 2000 image"),
            ([0x50, 0x4B, 0x03, 0x04], "it is a ZIP archive"),
        ]
        for entry in magic where bytes.starts(with: entry.prefix) { return entry.what }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "it is a WebP image"
        }
        if let brands = ftypBrands(bytes), let major = brands.first {
            return "it is an ISO media file of brand '\(major)', not a still image"
        }
        if bytes.isEmpty { return "it is empty" }
        if looksLikeText(bytes) { return "it starts with text" }
        let hex = bytes.prefix(4).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "it starts with bytes \(hex.joined(separator: " "))"
    }

    /// The major brand then the compatible brands of a leading ISO-BMFF `ftyp` box, or nil.
    static func ftypBrands(_ header: [UInt8]) -> [String]? {
        guard header.count >= 12, Array(header[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let end = min(header.count, max(12, boxSize))
        var brands = [fourCC(header, at: 8)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(fourCC(header, at: offset))
            offset += 4
        }
        return brands
    }

    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    /// True when the bytes have no control characters other than tab, CR and LF, so they read as
    /// ASCII or UTF-8 text (bytes of 0x80 and over are allowed for a BOM and accented letters).
    private static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { byte in
            byte == 0x09 || byte == 0x0A || byte == 0x0D || (byte >= 0x20 && byte != 0x7F)
        }
    }
}

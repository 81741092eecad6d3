/// A walk over a PNG's chunk list by their length fields, without reading or checking chunk data:
/// finds the `eXIf` chunk and tells a file that stops before `IEND` (truncated) from one that is
/// complete, and notes whether the file declares its gamma. libpng itself checks the CRCs.
struct PNGChunks {
    /// The data of the `eXIf` chunk, if any.
    var exif: ArraySlice<UInt8>?
    /// True when a `gAMA` or `sRGB` chunk says how the samples are encoded.
    var declaresGamma: Bool
    /// True when the walk reached `IEND` with every chunk inside the data.
    var isComplete: Bool

    /// The 8-byte PNG signature length; chunks start after it.
    static let signatureLength = 8

    init(_ png: [UInt8]) {
        exif = nil
        declaresGamma = false
        isComplete = false
        var offset = Self.signatureLength
        // Each chunk is length (4) + type (4) + data + CRC (4), so every step advances ≥ 12 bytes.
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = png[(offset + 4)..<(offset + 8)]
            let dataStart = offset + 8
            let next = dataStart + length + 4
            guard length <= Int(Int32.max), next <= png.count else { return }
            if type.elementsEqual("eXIf".utf8), exif == nil {
                exif = png[dataStart..<(dataStart + length)]
            }
            if type.elementsEqual("gAMA".utf8) || type.elementsEqual("sRGB".utf8) {
                declaresGamma = true
            }
            if type.elementsEqual("IEND".utf8) {
                isComplete = true
                return
            }
            offset = next
        }
    }
}

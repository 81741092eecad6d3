/// A tiny TrueType font whose glyphs draw nothing: the program behind the invisible OCR text layer.
///
/// Every glyph is empty and 500 units (half an em) wide; PDF readers take the widths from the font
/// dictionary's `/DW` anyway. Only the tables a PDF reader needs for an embedded CIDFontType2 are
/// present (plus `cmap`, `name` and `post`, which some parsers insist on), each correctly checksummed.
enum GlyphlessFont {
    /// Font units per em.
    static let unitsPerEm = 1000
    /// Every glyph's advance, in font units.
    static let advance = 500

    /// The font file's bytes (about 400).
    static let bytes: [UInt8] = build()

    private static func build() -> [UInt8] {
        let glyphCount = 2  // .notdef and one blank glyph
        var head = Writer()
        head.u32(0x0001_0000); head.u32(0x0001_0000); head.u32(0)  // version, revision, checkSumAdjustment
        head.u32(0x5F0F_3CF5); head.u16(0x000B); head.u16(unitsPerEm)
        head.u32(0); head.u32(0); head.u32(0); head.u32(0)  // created, modified
        head.u16(0); head.u16(0); head.u16(advance); head.u16(unitsPerEm)  // xMin yMin xMax yMax
        head.u16(0); head.u16(8); head.u16(2); head.u16(0); head.u16(0)  // style, ppem, direction, loca short, glyf format

        var hhea = Writer()
        hhea.u32(0x0001_0000); hhea.u16(unitsPerEm); hhea.u16(0); hhea.u16(0)  // ascender, descender, gap
        hhea.u16(advance); hhea.u16(0); hhea.u16(0); hhea.u16(advance)  // advance max, min lsb/rsb, max extent
        hhea.u16(1); hhea.u16(0); hhea.u16(0)  // caret slope rise, run, offset
        for _ in 0..<5 { hhea.u16(0) }  // reserved ×4, metric data format
        hhea.u16(glyphCount)

        var maxp = Writer()
        maxp.u32(0x0001_0000); maxp.u16(glyphCount)
        for value in [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0] { maxp.u16(value) }

        var hmtx = Writer()
        for _ in 0..<glyphCount { hmtx.u16(advance); hmtx.u16(0) }

        var loca = Writer()
        for _ in 0...glyphCount { loca.u16(0) }  // every glyph empty

        var cmap = Writer()  // Windows Unicode BMP, format 4 with only the final 0xFFFF segment
        cmap.u16(0); cmap.u16(1); cmap.u16(3); cmap.u16(1); cmap.u32(12)
        for value in [4, 24, 0, 2, 2, 0, 0, 0xFFFF, 0, 0xFFFF, 1, 0] { cmap.u16(value) }

        var name = Writer()
        name.u16(0); name.u16(0); name.u16(6)

        var post = Writer()
        post.u32(0x0003_0000); post.u32(0); post.u16(0xFF9C); post.u16(50); post.u32(1)
        for _ in 0..<4 { post.u32(0) }

        let glyf = Writer(bytes: [0, 0, 0, 0])
        let tables: [(String, [UInt8])] = [
            ("cmap", cmap.bytes), ("glyf", glyf.bytes), ("head", head.bytes), ("hhea", hhea.bytes),
            ("hmtx", hmtx.bytes), ("loca", loca.bytes), ("maxp", maxp.bytes), ("name", name.bytes),
            ("post", post.bytes),
        ]
        return assemble(tables)
    }

    /// The table directory and the tables, 4-byte aligned, with `head.checkSumAdjustment` set.
    private static func assemble(_ tables: [(String, [UInt8])]) -> [UInt8] {
        var entrySelector = 0
        while 1 << (entrySelector + 1) <= tables.count { entrySelector += 1 }
        let searchRange = (1 << entrySelector) * 16
        var file = Writer()
        file.u32(0x0001_0000); file.u16(tables.count); file.u16(searchRange)
        file.u16(entrySelector); file.u16(tables.count * 16 - searchRange)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        var headOffset = 0
        for (tag, data) in tables {
            file.bytes += Array(tag.utf8)
            file.u32(checksum(data)); file.u32(UInt32(offset)); file.u32(UInt32(data.count))
            if tag == "head" { headOffset = offset }
            let padded = data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
            body += padded
            offset += padded.count
        }
        var bytes = file.bytes + body
        let adjustment = 0xB1B0_AFBA &- checksum(bytes)
        for index in 0..<4 { bytes[headOffset + 8 + index] = UInt8(truncatingIfNeeded: adjustment >> (24 - 8 * index)) }
        return bytes
    }

    /// The TrueType checksum: the sum of big-endian 32-bit words, the data zero-padded to a multiple of 4.
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0) }
            sum &+= word
            index += 4
        }
        return sum
    }

    /// Big-endian integers appended to bytes.
    private struct Writer {
        var bytes: [UInt8] = []
        mutating func u16(_ value: Int) { bytes += [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
        mutating func u32(_ value: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    }
}

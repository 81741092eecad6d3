/// The objects of the text layer's font, shared by every page of a document.
struct PDFTextFont {
    /// The Type0 font the pages name.
    var fontObject: Int
    /// The ToUnicode CMap, written by `finish()` once every borrowed code is known.
    var toUnicodeObject: Int
    /// Codes given to characters so far.
    var codes = PDFUnicodeCIDs()
}

extension PDFWriter {
    /// The name pages give the text layer's font in their resources.
    static var textFontName: String { "F" }

    /// Largest font size, stretch or position (in points) a word may have in the text layer.
    /// Far beyond any real page (the largest is 14 400 pt a side), and far below the point where
    /// writing the number would overflow; NaN fails the comparison, so it is excluded too.
    static var maximumTextCoordinate: Double { 1_000_000 }

    /// Writes the glyph-less font's objects the first time a page has text; returns its object number.
    ///
    /// Type0 with `Identity-H` (2-byte codes = CIDs), a CIDFontType2 descendant whose embedded TrueType
    /// program has only blank glyphs (`/CIDToGIDMap/Identity` sends every CID past them to the blank
    /// `.notdef`), all glyphs `/DW 500` wide, and a ToUnicode map for the text.
    mutating func textFontObject() throws -> Int {
        if let font = textFont { return font.fontObject }
        let type0 = allocateObject(), cidFont = allocateObject(), descriptor = allocateObject()
        let program = allocateObject(), toUnicode = allocateObject()
        let r = PDFSyntax.reference
        let fontName = "/BaseFont/GlyphLessFont"
        try writeObject(type0, "<</Type/Font/Subtype/Type0\(fontName)/Encoding/Identity-H"
            + "/DescendantFonts[\(r(cidFont))]/ToUnicode \(r(toUnicode))>>")
        try writeObject(cidFont, "<</Type/Font/Subtype/CIDFontType2\(fontName)"
            + "/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>"
            + "/FontDescriptor \(r(descriptor))/DW \(GlyphlessFont.advance)/CIDToGIDMap/Identity>>")
        // Ascent 1000 and a near-zero descent make a word's text box the box it is placed on (poppler
        // ignores a descent of exactly 0 and assumes -0.35 em).
        try writeObject(descriptor, "<</Type/FontDescriptor/FontName/GlyphLessFont/Flags 5"
            + "/FontBBox[0 0 \(GlyphlessFont.advance) \(GlyphlessFont.unitsPerEm)]/ItalicAngle 0"
            + "/Ascent \(GlyphlessFont.unitsPerEm)/Descent -1/CapHeight \(GlyphlessFont.unitsPerEm)"
            + "/StemV 80/FontFile2 \(r(program))>>")
        try writeStream(program, dictionary: "/Length1 \(GlyphlessFont.bytes.count)", bytes: GlyphlessFont.bytes)
        textFont = PDFTextFont(fontObject: type0, toUnicodeObject: toUnicode)
        return type0
    }

    /// Writes the ToUnicode map, if any page had text.
    mutating func finishTextFont() throws {
        guard let font = textFont else { return }
        try writeStream(font.toUnicodeObject, dictionary: "", bytes: font.codes.toUnicodeCMap())
    }

    /// Adds invisible text (render mode 3) for `words` to `contents`, each word scaled to fill its box.
    ///
    /// - Parameters:
    ///   - layout: where the image is on the page, to map pixel boxes to points.
    ///   - pixelWidth: the image's width in pixels.
    ///   - pixelHeight: the image's height in pixels.
    mutating func appendText(_ words: [PDFTextWord], to contents: inout PDFContentStream, layout: PDFPageLayout,
                             pixelWidth: Int, pixelHeight: Int) {
        guard var font = textFont else { preconditionFailure("text font written before the text") }
        let scaleX = layout.imageWidth / Double(pixelWidth), scaleY = layout.imageHeight / Double(pixelHeight)
        let em = Double(GlyphlessFont.advance) / Double(GlyphlessFont.unitsPerEm)
        var operators: [UInt8] = []
        operators.append(pdf: "BT 3 Tr/\(Self.textFontName) 1 Tf")
        let n = PDFSyntax.number
        for word in words {
            let codes = font.codes.codes(for: word.text)
            guard !codes.isEmpty, word.width > 0, word.height > 0, word.x.isFinite, word.y.isFinite else { continue }
            let size = word.height * scaleY
            let horizontal = word.width * scaleX / (Double(codes.count) * em)
            let x = layout.imageX + word.x * scaleX
            let y = layout.imageY + layout.imageHeight - (word.y + word.height) * scaleY
            // Boxes come from OCR, or from any caller of this public API: a word too small to
            // select, or with a box so huge or non-finite that its numbers can't be written
            // (PDFSyntax.number needs finite values within Int's range), is left out.
            guard size >= 0.01, horizontal >= 0.01,
                  [size, horizontal, x, y].allSatisfy({ $0.magnitude <= Self.maximumTextCoordinate }) else { continue }
            operators.append(pdf: "\n\(n(horizontal)) 0 0 \(n(size)) \(n(x)) \(n(y)) Tm")
            var bytes: [UInt8] = []
            bytes.reserveCapacity(codes.count * 2)
            for code in codes { bytes += [UInt8(code >> 8), UInt8(code & 0xFF)] }
            operators += PDFSyntax.hexString(bytes)
            operators.append(pdf: "Tj")
        }
        operators.append(pdf: "\nET")
        textFont = font
        contents.append(raw: operators)
    }
}

extension PDFContentStream {
    /// Appends already-spelled operators on a new line.
    mutating func append(raw operators: [UInt8]) {
        appendLine(operators)
    }
}

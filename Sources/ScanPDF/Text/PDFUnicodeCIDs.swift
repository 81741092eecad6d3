/// Turns text into the 2-byte character codes of the text layer's Identity-H font, and writes the
/// ToUnicode map that turns them back into text for copy and search.
///
/// A code is the character's own code point for the Basic Multilingual Plane. Characters beyond it
/// (emoji, rare CJK) borrow codes from the surrogate range U+D800…U+DFFF, which no Unicode character
/// uses, assigned in order of first appearance and mapped to their UTF-16 pair; past the 2 048
/// available they become U+FFFD.
struct PDFUnicodeCIDs {
    /// The codes borrowed for characters beyond the BMP, by scalar value.
    private(set) var borrowed: [UInt32: UInt16] = [:]

    /// The first code borrowed for a supplementary-plane character.
    static let firstBorrowed: UInt16 = 0xD800
    /// How many can be borrowed.
    static let borrowableCount = 0x800

    /// The codes for `text`, one per Unicode scalar.
    mutating func codes(for text: String) -> [UInt16] {
        text.unicodeScalars.map { scalar in
            if scalar.value <= 0xFFFF { return UInt16(scalar.value) }
            if let code = borrowed[scalar.value] { return code }
            guard borrowed.count < Self.borrowableCount else { return 0xFFFD }
            let code = Self.firstBorrowed + UInt16(borrowed.count)
            borrowed[scalar.value] = code
            return code
        }
    }

    /// The ToUnicode CMap: identity ranges for every BMP code outside the surrogates, then the borrowed codes.
    func toUnicodeCMap() -> [UInt8] {
        var text = """
            /CIDInit/ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def
            /CMapName/Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000><FFFF>
            endcodespacerange

            """
        // One range per high byte (a bfrange may only vary the last byte), at most 100 per block.
        let highBytes = Array(0x00...0xD7) + Array(0xE0...0xFF)
        for start in stride(from: 0, to: highBytes.count, by: 100) {
            let block = highBytes[start..<min(highBytes.count, start + 100)]
            text += "\(block.count) beginbfrange\n"
            for high in block { text += "<\(Self.hex(high << 8))><\(Self.hex(high << 8 | 0xFF))><\(Self.hex(high << 8))>\n" }
            text += "endbfrange\n"
        }
        let pairs = borrowed.sorted { $0.value < $1.value }
        for start in stride(from: 0, to: pairs.count, by: 100) {
            let block = pairs[start..<min(pairs.count, start + 100)]
            text += "\(block.count) beginbfchar\n"
            for (scalar, code) in block {
                let units = Unicode.Scalar(scalar).map { Array(String($0).utf16) } ?? [0xFFFD]
                text += "<\(Self.hex(Int(code)))><" + units.map { Self.hex(Int($0)) }.joined() + ">\n"
            }
            text += "endbfchar\n"
        }
        text += "endcmap\nCMapName currentdict/CMap defineresource pop\nend\nend\n"
        return Array(text.utf8)
    }

    /// Four uppercase hex digits.
    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Spelling of PDF tokens: numbers, text strings and object references, as bytes.
///
/// Everything here is compact on purpose: no spaces where a delimiter already separates tokens.
enum PDFSyntax {
    /// Numbers are written with at most this many decimals (0.01 pt is far below what a printer resolves).
    static let decimals = 2

    /// A real number in PDF syntax: rounded to two decimals, trailing zeros dropped, never an exponent.
    ///
    /// `595.2` → `595.2`, `841.9199` → `841.92`, `612.0` → `612`, `-0.001` → `0`.
    static func number(_ value: Double) -> String {
        precondition(value.isFinite, "PDF numbers must be finite")
        let hundredths = Int((value * 100).rounded())
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        let sign = hundredths < 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// An indirect reference, `12 0 R`.
    static func reference(_ object: Int) -> String { "\(object) 0 R" }

    /// A text string (PDF 1.4 §3.8.1) for the info dictionary and, later, text annotations.
    ///
    /// Printable ASCII becomes a literal string with `(`, `)` and `\` escaped (PDFDocEncoding agrees
    /// with ASCII there); anything else becomes UTF-16BE with a byte-order mark, as a hex string.
    static func textString(_ text: String) -> [UInt8] {
        let isPlainASCII = text.unicodeScalars.allSatisfy {
            (0x20...0x7E).contains($0.value) || $0 == "\n" || $0 == "\r" || $0 == "\t"
        }
        return isPlainASCII ? literalString(Array(text.utf8)) : utf16HexString(text)
    }

    /// A literal string `( … )` holding `bytes`, with delimiters, backslashes and line ends escaped.
    static func literalString(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "(")]
        out.reserveCapacity(bytes.count + 2)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): out += Array("\\n".utf8)
            case UInt8(ascii: "\r"): out += Array("\\r".utf8)
            case UInt8(ascii: "\t"): out += Array("\\t".utf8)
            case 0x20...0x7E: out.append(byte)
            default:
                // Octal escape: always three digits so a following digit is not swallowed.
                out += [UInt8(ascii: "\\"), 0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
            }
        }
        out.append(UInt8(ascii: ")"))
        return out
    }

    /// `<FEFF…>`: the text as UTF-16BE with a byte-order mark, spelled in hex.
    static func utf16HexString(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return hexString(bytes)
    }

    /// `<…>`: arbitrary bytes spelled as uppercase hex digits.
    static func hexString(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "<")]
        out.reserveCapacity(bytes.count * 2 + 2)
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        out.append(UInt8(ascii: ">"))
        return out
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of PDF syntax written as a Swift string.
    mutating func append(pdf text: String) {
        append(contentsOf: text.utf8)
    }
}

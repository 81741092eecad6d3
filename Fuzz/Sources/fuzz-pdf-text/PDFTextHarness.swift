import FuzzSupport
import ScanCore
import ScanPDF

// The PDF text layer on any Unicode: words decoded from the bytes as UTF-8 (invalid sequences
// repaired) or as raw UTF-16 code units (lone surrogates included), optionally wrapped in
// right-to-left marks or mixed with Hebrew and Arabic, over hostile boxes (NaN, infinities, huge,
// negative), on one or two pages of a fuzzed size, with a fuzzed document title. Checks that the
// PDF written is structurally sound: `%PDF-` first, `%%EOF` last, `startxref` naming the `xref`
// table, and every in-use entry of that table pointing at `N 0 obj` for its own N.

/// Right-to-left text and controls mixed into words.
let rightToLeft: [String] = ["\u{202E}", "\u{202B}", "\u{200F}", "שלום", "مرحبا", "\u{2067}", "\u{2069}", "\u{FEFF}"]

func text(from reader: inout FuzzReader) -> String {
    var result: String
    if reader.bool() {
        result = reader.string(upTo: 48)
    } else {
        let raw = reader.bytes(upTo: 96)
        let units = stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
        result = String(decoding: units, as: UTF16.self)
    }
    if reader.byte() % 4 == 0 { result = reader.pick(rightToLeft) + result + reader.pick(rightToLeft) }
    return result
}

func words(from reader: inout FuzzReader) -> [PDFTextWord] {
    (0..<reader.int(in: 0...6)).map { _ in
        PDFTextWord(text: text(from: &reader), x: reader.double(), y: reader.double(),
                    width: reader.double(), height: reader.double())
    }
}

/// A number written in ASCII digits at `offset`, and where it ends.
func number(in pdf: [UInt8], at offset: Int) -> (value: Int, end: Int)? {
    var end = offset, value = 0
    while end < pdf.count, (0x30...0x39).contains(pdf[end]), end - offset < 12 {
        value = value * 10 + Int(pdf[end] - 0x30)
        end += 1
    }
    return end > offset ? (value, end) : nil
}

func starts(_ pdf: [UInt8], at offset: Int, with text: String) -> Bool {
    let expected = Array(text.utf8)
    return offset >= 0 && offset + expected.count <= pdf.count && pdf[offset..<offset + expected.count].elementsEqual(expected)
}

func checkStructure(_ pdf: [UInt8]) {
    fuzzCheck(starts(pdf, at: 0, with: "%PDF-"), "the PDF does not start with %PDF-")
    fuzzCheck(starts(pdf, at: pdf.count - 6, with: "%%EOF\n"), "the PDF does not end with %%EOF")
    // The last `startxref` is within the last few dozen bytes.
    let marker = Array("startxref\n".utf8)
    guard let found = stride(from: pdf.count - marker.count, through: max(0, pdf.count - 64), by: -1)
        .first(where: { pdf[$0..<$0 + marker.count].elementsEqual(marker) }),
          let xref = number(in: pdf, at: found + marker.count)?.value else {
        fuzzCheck(false, "no startxref offset in the trailer")
        return
    }
    fuzzCheck(starts(pdf, at: xref, with: "xref\n0 "), "startxref \(xref) does not point at the xref table")
    guard let size = number(in: pdf, at: xref + 7) else { return fuzzCheck(false, "xref has no size") }
    let entries = size.end + 1  // past "\n"
    fuzzCheck(size.value >= 4, "xref lists \(size.value) objects")
    for object in 1..<size.value {
        let entry = entries + 20 * object
        fuzzCheck(starts(pdf, at: entry + 10, with: " 00000 n \n"), "xref entry \(object) is malformed")
        guard let offset = number(in: pdf, at: entry)?.value else { return fuzzCheck(false, "xref entry \(object) has no offset") }
        fuzzCheck(starts(pdf, at: offset, with: "\(object) 0 obj"), "xref entry \(object) points at \(offset), not at its object")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var reader = FuzzReader(start, count)
    let title = reader.bool() ? text(from: &reader) : nil
    var writer = PDFWriter(sink: PDFMemorySink(), info: PDFDocumentInfo(title: title))
    let pages = reader.int(in: 1...2)
    var added = 0
    for _ in 0..<pages {
        let width = reader.int(in: 1...24), height = reader.int(in: 1...24)
        // Flat pixels keep the image stream free of accidental "obj" text.
        let image = Image<Gray8>(width: width, height: height, repeating: Gray8(200))
        let size: PDFPageSize = reader.bool()
            ? .dpi(reader.bool() ? reader.double() : Double(reader.int(in: 1...600)))
            : .points(width: reader.double(), height: reader.double())
        let text = words(from: &reader)
        do {
            try writer.addPage(image: .gray(image), size: size, text: text)
            added += 1
        } catch {
            // An invalid page size is refused before anything is written; the writer stays usable.
        }
    }
    do {
        try writer.finish()
        checkStructure(writer.sink.bytes)
    } catch {
        fuzzCheck(added == 0, "finish failed after \(added) pages: \(error)")
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

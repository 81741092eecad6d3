import Foundation
import CTesseract

/// Walks Tesseract's result iterator word by word, grouping words into lines and paragraphs.
struct TesseractPageReader {
    let handle: TesseractHandle
    let minimumConfidence: Double

    /// The recognised paragraphs, in Tesseract's reading order; empty for a page without text.
    func paragraphs() throws -> [RecognizedParagraph] {
        // No iterator means nothing was found on the page.
        guard let iterator = try? handle.call("TessBaseAPIGetIterator", { api in TessBaseAPIGetIterator(api) })
        else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIteratorConst(iterator)

        var paragraphs: [RecognizedParagraph] = []
        var lines: [RecognizedLine] = []
        var words: [RecognizedWord] = []
        var paragraphBox: TextBox?, lineBox: TextBox?

        func closeLine() {
            if let box = lineBox, !words.isEmpty { lines.append(RecognizedLine(box: box, words: words)) }
            words = []
            lineBox = nil
        }
        func closeParagraph() {
            closeLine()
            if let box = paragraphBox, !lines.isEmpty { paragraphs.append(RecognizedParagraph(box: box, lines: lines)) }
            lines = []
            paragraphBox = nil
        }

        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_PARA) != 0 || paragraphBox == nil {
                closeParagraph()
                paragraphBox = box(of: page, level: RIL_PARA)
            }
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 || lineBox == nil {
                closeLine()
                lineBox = box(of: page, level: RIL_TEXTLINE)
            }
            if let word = word(at: iterator, page: page) { words.append(word) }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        closeParagraph()
        return paragraphs
    }

    /// The word under the iterator, or nil when it is blank, boxless or below the confidence threshold.
    private func word(at iterator: OpaquePointer, page: OpaquePointer?) -> RecognizedWord? {
        guard let utf8 = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { return nil }
        // Decoding repairs any invalid UTF-8 with U+FFFD rather than failing.
        let text = String(decoding: UnsafeRawBufferPointer(start: utf8, count: strlen(utf8)), as: UTF8.self)
        TessDeleteText(utf8)
        let trimmed = text.trimmingWhitespace()
        let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
        guard !trimmed.isEmpty, confidence >= minimumConfidence, let box = box(of: page, level: RIL_WORD)
        else { return nil }
        return RecognizedWord(text: trimmed, box: box, confidence: confidence)
    }

    private func box(of page: OpaquePointer?, level: TessPageIteratorLevel) -> TextBox? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return TextBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
    }
}

extension String {
    /// The string without leading and trailing Unicode whitespace.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ScanOCR
import Testing

@Suite("OCR output formats")
struct OutputFormatTests {
    static let page = RecognizedPage(width: 1000, height: 800, dpi: 300, paragraphs: [
        RecognizedParagraph(box: TextBox(x: 10, y: 20, width: 500, height: 90), lines: [
            RecognizedLine(box: TextBox(x: 10, y: 20, width: 500, height: 40), words: [
                RecognizedWord(text: "Größe", box: TextBox(x: 10, y: 20, width: 200, height: 40), confidence: 91.5),
                RecognizedWord(text: "<&>", box: TextBox(x: 230, y: 22, width: 80, height: 36), confidence: 40),
            ]),
            RecognizedLine(box: TextBox(x: 10, y: 70, width: 300, height: 40), words: [
                RecognizedWord(text: "日本語", box: TextBox(x: 10, y: 70, width: 300, height: 40), confidence: 88),
            ]),
        ]),
        RecognizedParagraph(box: TextBox(x: 10, y: 300, width: 100, height: 40), lines: [
            RecognizedLine(box: TextBox(x: 10, y: 300, width: 100, height: 40), words: [
                RecognizedWord(text: "End", box: TextBox(x: 10, y: 300, width: 100, height: 40), confidence: 97),
            ]),
        ]),
    ])

    @Test("plain text has one line per line, blank lines between paragraphs and form feeds between pages")
    func plainText() {
        #expect(Self.page.plainText == "Größe <&>\n日本語\n\nEnd")
        let empty = RecognizedPage(width: 10, height: 10, paragraphs: [])
        #expect(RecognizedPage.plainText(of: [Self.page, empty, Self.page])
            == "Größe <&>\n日本語\n\nEnd\n\u{0C}\n\u{0C}Größe <&>\n日本語\n\nEnd\n")
    }

    @Test("JSON round-trips the whole page and names the image")
    func json() throws {
        let line = Self.page.jsonLine(name: "scan/page 1.png")
        #expect(!line.contains("\n"))
        #expect(line.contains("\"image\":\"scan/page 1.png\""))
        #expect(try RecognizedPage(jsonLine: line) == Self.page)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["width"] as? Int == 1000)
    }

    @Test("hOCR is well-formed XML with boxes, confidences and escaped text")
    func hocr() throws {
        let html = RecognizedPage.hOCR([Self.page, Self.page], names: ["a&b.png"], languages: "eng+deu")
        let document = try XMLDocument(data: Data(html.utf8))
        let words = try document.nodes(forXPath: "//*[@class='ocrx_word']")
        #expect(words.map { $0.stringValue ?? "" } == ["Größe", "<&>", "日本語", "End", "Größe", "<&>", "日本語", "End"])
        #expect(try document.nodes(forXPath: "//*[@class='ocr_page']").count == 2)
        #expect(try document.nodes(forXPath: "//*[@class='ocr_line']").count == 6)
        #expect(html.contains("title=\"bbox 230 22 310 58; x_wconf 40\""))
        #expect(html.contains("title=\"image &quot;a&amp;b.png&quot;; bbox 0 0 1000 800; ppageno 0; scan_res 300 300\""))
        let ids = try document.nodes(forXPath: "//@id").compactMap(\.stringValue)
        #expect(Set(ids).count == ids.count, "ids are unique")
    }

    @Test("box overlap is 1 for equal boxes, 0 for disjoint ones and symmetric")
    func intersectionOverUnion() {
        let a = TextBox(x: 0, y: 0, width: 10, height: 10), b = TextBox(x: 5, y: 0, width: 10, height: 10)
        #expect(a.intersectionOverUnion(a) == 1)
        #expect(a.intersectionOverUnion(TextBox(x: 20, y: 20, width: 5, height: 5)) == 0)
        #expect(abs(a.intersectionOverUnion(b) - 50.0 / 150.0) < 1e-12)
        #expect(a.intersectionOverUnion(b) == b.intersectionOverUnion(a))
        #expect(TextBox(left: 5, top: 5, right: 2, bottom: 9).width == 0)
    }
}

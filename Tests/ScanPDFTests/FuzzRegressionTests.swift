import Foundation
import ScanCore
import ScanPDF
import Testing

/// Inputs fuzz-pdf-text (Fuzz/) found crashing the writer, kept so they never do again.
@Suite("PDF fuzz regressions")
struct PDFFuzzRegressionTests {
    /// Word boxes whose numbers can't be written: before the fix each trapped in
    /// `PDFSyntax.number` (an infinite stretch, or a position past Int's range once in hundredths).
    static let hostileWords: [(name: String, word: PDFTextWord)] = [
        ("infinite width", PDFTextWord(text: "wide", x: 10, y: 10, width: .infinity, height: 20)),
        ("infinite height", PDFTextWord(text: "tall", x: 10, y: 10, width: 40, height: .infinity)),
        ("huge x", PDFTextWord(text: "far", x: 1e17, y: 10, width: 40, height: 20)),
        ("huge negative y", PDFTextWord(text: "low", x: 10, y: -1e300, width: 40, height: 20)),
        ("largest width", PDFTextWord(text: "max", x: 0, y: 0, width: .greatestFiniteMagnitude, height: 20)),
        ("NaN width", PDFTextWord(text: "nan", x: 0, y: 0, width: .nan, height: 20)),
    ]

    @Test("a word with an unwritable box is left out; the rest of the page is written",
          arguments: hostileWords.map(\.name))
    func hostileBoxIsSkipped(name: String) throws {
        let hostile = try #require(Self.hostileWords.first { $0.name == name }).word
        let good = PDFTextWord(text: "kept", x: 20, y: 40, width: 60, height: 16)
        let dir = try TemporaryDirectory()
        let url = dir.file("hostile.pdf")
        var writer = PDFWriter(sink: try FileSink(creating: url))
        try writer.addPage(image: .gray(Image(width: 200, height: 100, repeating: Gray8(220))), size: .dpi(72),
                           text: [hostile, good])
        try writer.finish()
        try writer.sink.close()

        let check = try PDFTools.run("qpdf", ["--check", url.path])
        #expect(check.status == 0, "\(check.output) \(check.errors)")
        let text = try PDFTools.run("pdftotext", ["-enc", "UTF-8", url.path, "-"])
        let words = text.output.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words == ["kept"])
    }
}

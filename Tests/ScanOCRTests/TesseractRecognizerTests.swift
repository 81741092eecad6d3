import Foundation
import ScanCore
import ScanOCR
import Testing

@Suite("Tesseract recognition")
struct TesseractRecognizerTests {
    static let lines = [
        "The quick brown fox jumps over",
        "the lazy dog near the river bank",
        "Invoice number 4711 dated March 2024",
    ]

    @Test("recognises printed words in reading order, with boxes on the ink")
    func readsPrintedPage() throws {
        let page = try PrintedPage.render(lines: Self.lines)
        let recognizer = try TesseractRecognizer(options: OCROptions(languages: ["eng"]))
        let result = try recognizer.recognize(page.image, dpi: 300)

        #expect(result.width == page.image.width && result.height == page.image.height)
        #expect(result.lines.map(\.text) == Self.lines)
        let recognized = result.words
        #expect(recognized.map(\.text) == page.words.map(\.text))
        #expect(recognized.allSatisfy { (0...100).contains($0.confidence) })
        #expect(recognized.map(\.confidence).min() ?? 0 > 60)

        let overlaps = zip(recognized, page.words).map { $0.box.intersectionOverUnion($1.box) }.sorted()
        #expect(overlaps.count == page.words.count)
        #expect(overlaps[overlaps.count / 2] >= 0.8, "median IoU \(overlaps[overlaps.count / 2])")
        #expect(overlaps.first ?? 0 >= 0.5)
    }

    @Test("one engine recognises several pages in turn without mixing them up")
    func reusesEngine() throws {
        let recognizer = try TesseractRecognizer()
        let first = try recognizer.recognize(PrintedPage.render(lines: ["First page heading"]).image, dpi: 300)
        let blank = try recognizer.recognize(Image(width: 600, height: 400, repeating: Gray8(255)), dpi: 300)
        let second = try recognizer.recognize(PrintedPage.render(lines: ["Second sheet footer"]).image, dpi: nil)
        #expect(first.plainText == "First page heading")
        #expect(blank.words.isEmpty && blank.plainText.isEmpty)
        #expect(second.plainText == "Second sheet footer")
        #expect(second.dpi == nil && first.dpi == 300)
    }

    @Test("a language whose data is not installed is named with its package and folder")
    func missingLanguage() throws {
        let folder = try TessdataLocator.folder(for: OCROptions(languages: ["eng"]))
        #expect(FileManager.default.fileExists(atPath: folder + "/eng.traineddata"))
        #expect(throws: OCRError.missingLanguage(language: "fra", tessdata: folder)) {
            try TesseractRecognizer(options: OCROptions(languages: ["eng", "fra"]))
        }
        let message = OCRError.missingLanguage(language: "chi_sim", tessdata: folder).description
        #expect(message.contains("tesseract-ocr-chi-sim") && message.contains(folder) && message.contains("--tessdata"))
    }

    @Test("an explicit tessdata folder is searched instead of the system one")
    func explicitFolder() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tessdata-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: OCRError.missingLanguage(language: "eng", tessdata: empty)) {
            try TesseractRecognizer(options: OCROptions(languages: ["eng"], tessdataFolder: empty + "/"))
        }
    }

    @Test("malformed language lists are refused before looking for data", arguments: [
        ("eng+", OCRError.invalidLanguage("")), ("", OCRError.noLanguage), ("eng+../x", OCRError.invalidLanguage("../x")),
        ("en g", OCRError.invalidLanguage("en g")),
    ])
    func invalidLanguages(list: String, expected: OCRError) {
        #expect(throws: expected) { try OCROptions(languageList: list) }
    }

    @Test("language lists split on '+'")
    func languageList() throws {
        let options = try OCROptions(languageList: "eng+deu+chi_sim")
        #expect(options.languages == ["eng", "deu", "chi_sim"])
        #expect(options.languageList == "eng+deu+chi_sim")
    }

    @Test("images Tesseract can't take are refused", arguments: [(0, 10), (10, 0), (40_000, 1)])
    func invalidSizes(width: Int, height: Int) throws {
        let recognizer = try TesseractRecognizer()
        let image = Image<Gray8>(width: width, height: height, repeating: Gray8(255))
        #expect(throws: OCRError.invalidImageSize(width: width, height: height)) {
            try recognizer.recognize(image, dpi: 300)
        }
        #expect(throws: OCRError.invalidResolution(0)) {
            try recognizer.recognize(Image(width: 8, height: 8, repeating: Gray8(255)), dpi: 0)
        }
    }

    @Test("a pool lends each worker its own engine and keeps them for reuse")
    func pool() throws {
        let pool = try RecognizerPool(tesseract: OCROptions())
        #expect(pool.idleCount == 1)
        let image = try PrintedPage.render(lines: ["Pooled engines"]).image
        let texts = LockedTexts()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let text = try? pool.withRecognizer { try $0.recognize(image, dpi: 300).plainText }
            texts.append(text ?? "failed")
        }
        #expect(texts.values == Array(repeating: "Pooled engines", count: 4))
        #expect((1...4).contains(pool.idleCount))
        #expect(throws: OCRError.missingLanguage(language: "fra", tessdata: try TessdataLocator.folder(for: OCROptions()))) {
            try RecognizerPool(tesseract: OCROptions(languages: ["fra"]))
        }
    }
}

/// Strings appended from several threads.
final class LockedTexts: @unchecked Sendable {
    private var storage: [String] = []
    private let lock = NSLock()
    func append(_ text: String) { lock.withLock { storage.append(text) } }
    var values: [String] { lock.withLock { storage } }
}

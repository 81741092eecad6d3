extension RecognizedPage {
    /// The page as plain text: words joined by spaces, one line per line, a blank line between paragraphs.
    public var plainText: String {
        paragraphs.map { paragraph in paragraph.lines.map(\.text).joined(separator: "\n") }
            .joined(separator: "\n\n")
    }

    /// Several pages as plain text, separated by form feeds (U+000C) as `pdftotext` and Tesseract do.
    public static func plainText(of pages: [RecognizedPage]) -> String {
        pages.map { $0.plainText + "\n" }.joined(separator: "\u{0C}")
    }
}

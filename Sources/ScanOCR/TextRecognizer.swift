import ScanCore

/// An OCR engine: gray pixels in, words with boxes out.
///
/// Tesseract (`TesseractRecognizer`) implements it on every platform; Vision can stand in on Apple
/// platforms behind the same protocol. An instance is used by one thread at a time; parallel
/// workers each take their own (see `RecognizerPool`).
public protocol TextRecognizer: AnyObject {
    /// Recognises the text of one page.
    ///
    /// - Parameters:
    ///   - image: the page, gray, origin top-left; dark text on light paper works best.
    ///   - dpi: the page's resolution, which tells the engine how large the text is; nil lets it guess.
    /// - Returns: the page's paragraphs, lines and words, boxes in `image` pixels.
    /// - Throws: `OCRError`.
    func recognize(_ image: Image<Gray8>, dpi: Double?) throws -> RecognizedPage
}

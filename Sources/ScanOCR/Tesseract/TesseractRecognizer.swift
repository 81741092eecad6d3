import CTesseract
import ScanCore

/// Tesseract 5 behind `TextRecognizer`, fed from our own gray pixels (no Leptonica images, no files).
///
/// Loading a language takes a moment, so keep an instance and reuse it across pages; it is used by
/// one thread at a time (parallel workers each take their own, e.g. from a `RecognizerPool`).
public final class TesseractRecognizer: TextRecognizer {
    /// How it was set up.
    public let options: OCROptions
    /// The tessdata folder the languages were loaded from.
    public let tessdataFolder: String
    private let handle: TesseractHandle

    /// Tesseract's largest accepted image side, in pixels.
    public static let maximumSide = 32_767

    /// Starts Tesseract with `options`' languages.
    ///
    /// - Throws: `OCRError.missingLanguage` (naming the `tesseract-ocr-<lang>` package and the folder
    ///   searched) before Tesseract is started, `.missingTessdata`, `.invalidLanguage`, or
    ///   `.initializationFailed` when Tesseract rejects the data.
    public init(options: OCROptions = OCROptions()) throws {
        self.options = options
        tessdataFolder = try TessdataLocator.folder(for: options)
        handle = try TesseractHandle(languages: options.languageList, tessdata: tessdataFolder,
                                     pageSegmentationMode: options.pageSegmentationMode)
    }

    /// The version of the Tesseract library in use, e.g. `5.3.0`.
    public static var version: String { String(cString: TessVersion()) }

    public func recognize(_ image: Image<Gray8>, dpi: Double?) throws -> RecognizedPage {
        guard (1...Self.maximumSide).contains(image.width), (1...Self.maximumSide).contains(image.height) else {
            throw OCRError.invalidImageSize(width: image.width, height: image.height)
        }
        if let dpi { guard dpi.isFinite, dpi > 0 else { throw OCRError.invalidResolution(dpi) } }
        // Tesseract copies the pixels into its own image during SetImage, so the buffer need only live for the call.
        try image.withUnsafeBytes { bytes in
            try handle.call("TessBaseAPISetImage") { api in
                TessBaseAPISetImage(api, bytes.baseAddress!,
                                    Int32(image.width), Int32(image.height), 1, Int32(image.width))
            }
        }
        defer { _ = try? handle.call("TessBaseAPIClear") { api in TessBaseAPIClear(api) } }
        let resolution = Int32((dpi ?? Self.assumedDPI).rounded())
        try handle.call("TessBaseAPISetSourceResolution") { api in TessBaseAPISetSourceResolution(api, resolution) }
        try handle.call("TessBaseAPIRecognize") { api in TessBaseAPIRecognize(api, nil) == 0 ? () : nil }
        let paragraphs = try TesseractPageReader(handle: handle, minimumConfidence: options.minimumConfidence).paragraphs()
        return RecognizedPage(width: image.width, height: image.height, dpi: dpi, paragraphs: paragraphs)
    }

    /// Resolution Tesseract is told when the caller doesn't know it: a typical scan.
    static let assumedDPI = 300.0
}

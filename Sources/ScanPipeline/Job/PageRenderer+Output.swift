import ScanCodecs
import ScanCore
import ScanOCR

extension PageRenderer {
    /// Encodes a finished page for `format` and, when OCR is on, recognises its text.
    ///
    /// Colour and gray pages become JPEG (PNG for .png output); bilevel pages become CCITT G4 for
    /// PDF output, PNG for .png and gray JPEG for .jpg. TIFF output keeps the pixels, which the TIFF
    /// sink compresses itself.
    ///
    /// - Parameters:
    ///   - page: the page in its colour mode.
    ///   - dpi: its resolution, told to the OCR engine.
    ///   - format: the output format.
    ///   - input: the input's name for errors.
    /// - Throws: `CodecError` from encoding, `OCRError` from recognition.
    func encode(_ page: PageImage, dpi: Double, format: OutputTarget.Format, input: String) throws -> EncodedPage {
        var encoded = EncodedPage(bytes: [], components: 1, isBilevel: false)
        let quality = options.jpegQuality
        switch (page, format) {
        case (_, .tiff):
            encoded.pixels = page
        case (.color(let image), .png):
            (encoded.bytes, encoded.components) = (try ImageCodec.encodePNG(image, name: input), 3)
        case (.gray(let image), .png), (.bilevel(let image), .png):
            encoded.bytes = try ImageCodec.encodePNG(image, name: input)
        case (.color(let image), _):
            (encoded.bytes, encoded.components) = (try ImageCodec.encodeJPEG(image, quality: quality, name: input), 3)
        case (.gray(let image), _), (.bilevel(let image), .jpeg):
            encoded.bytes = try ImageCodec.encodeJPEG(image, quality: quality, name: input)
        case (.bilevel(let image), .pdf):
            encoded.bytes = try CCITTG4Encoder.encode(image, name: input)
            encoded.isBilevel = true
        }
        if let recognizers {
            encoded.text = try recognizers.withRecognizer { try $0.recognize(page.grayscale, dpi: dpi) }
        }
        return encoded
    }

    /// A page encoded for its output, with its recognised text.
    struct EncodedPage {
        /// JPEG, PNG or CCITT G4 bytes; empty for TIFF output.
        var bytes: [UInt8]
        /// 1 for gray and bilevel, 3 for colour.
        var components: Int
        /// True when `bytes` is CCITT G4.
        var isBilevel: Bool
        /// The pixels, kept for TIFF output only.
        var pixels: PageImage?
        /// The page's text, with OCR.
        var text: RecognizedPage?
    }
}

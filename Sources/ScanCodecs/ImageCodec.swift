import ScanCore

/// The front door for reading photos and writing pages: sniffs the format from the bytes, decodes
/// JPEG, PNG and HEIF/HEIC (and AVIF), applies the orientation metadata, and encodes JPEG and PNG.
///
/// Every function takes a `name` used only in error messages (a file path as the user gave it).
public enum ImageCodec {
    /// Decodes an image into RGB pixels, upright.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - name: the file name for errors.
    ///   - options: pixel limit and orientation handling.
    /// - Returns: the upright image with its format, stored size and the orientation applied.
    /// - Throws: `CodecError`: `.emptyFile`, `.unsupportedFormat`, `.truncated`, `.checksumMismatch`,
    ///   `.corrupt`, `.unsupportedContent`, `.tooManyPixels` (checked before pixels are allocated).
    public static func decode(
        _ bytes: [UInt8], name: String, options: DecodingOptions = DecodingOptions()
    ) throws(CodecError) -> DecodedImage<RGB8> {
        try decode(bytes, name: name, as: RGB8.self, options: options)
    }

    /// Decodes an image into `Pixel`s, upright: `Gray8` (colour converted to luma), `RGB8`
    /// (alpha flattened onto white) or `RGBA8` (opaque formats get alpha 255).
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - name: the file name for errors.
    ///   - pixelType: `Gray8.self`, `RGB8.self` or `RGBA8.self` (any `BytePixel` of 1, 3 or 4
    ///     channels, read as gray, RGB, RGBA).
    ///   - options: pixel limit and orientation handling.
    /// - Throws: as `decode(_:name:options:)`.
    public static func decode<Pixel: BytePixel>(
        _ bytes: [UInt8], name: String, as pixelType: Pixel.Type, options: DecodingOptions = DecodingOptions()
    ) throws(CodecError) -> DecodedImage<Pixel> {
        guard !bytes.isEmpty else { throw .emptyFile(file: name) }
        guard let format = ImageFormat.sniff(bytes) else {
            throw .unsupportedFormat(file: name, detected: FormatSniffer.describe(bytes))
        }
        let stored: StoredImage<Pixel> = switch format {
        case .jpeg: try JPEGDecoder.decode(bytes, name: name, options: options)
        case .png: try PNGDecoder.decode(bytes, name: name, options: options)
        case .heif, .avif: try HEIFDecoder.decode(bytes, format: format, name: name, options: options)
        }
        let orientation = options.appliesOrientation ? stored.orientation : .up
        return DecodedImage(
            image: stored.image.applyingOrientation(orientation), format: format,
            storedWidth: stored.image.width, storedHeight: stored.image.height,
            appliedOrientation: orientation, equivalentFocalLength: stored.equivalentFocalLength)
    }

    /// Encodes a gray or RGB image as JPEG (an RGBA image's alpha is ignored).
    /// - Parameters:
    ///   - image: `Image<Gray8>` (written as one-component JPEG), `Image<RGB8>` or `Image<RGBA8>`.
    ///   - quality: 1…100; default 90.
    ///   - subsampling: colour subsampling for RGB; default 4:2:0. Ignored for gray.
    ///   - name: the output name for errors.
    /// - Returns: the JPEG file's bytes.
    /// - Throws: `.invalidQuality` outside 1…100; `.encodingFailed` for an empty image.
    public static func encodeJPEG<Pixel: BytePixel>(
        _ image: Image<Pixel>, quality: Int = JPEGEncodingOptions.defaultQuality,
        subsampling: ChromaSubsampling = .chroma420, name: String = "image"
    ) throws(CodecError) -> [UInt8] {
        try JPEGEncoder.encode(image, options: JPEGEncodingOptions(quality: quality, subsampling: subsampling), name: name)
    }

    /// Encodes a gray, RGB or RGBA image as an 8-bit PNG, losslessly.
    /// - Parameters:
    ///   - image: `Image<Gray8>`, `Image<RGB8>` or `Image<RGBA8>`.
    ///   - name: the output name for errors.
    /// - Returns: the PNG file's bytes.
    /// - Throws: `.encodingFailed` for an empty image or a libpng failure.
    public static func encodePNG<Pixel: BytePixel>(_ image: Image<Pixel>, name: String = "image") throws(CodecError) -> [UInt8] {
        try PNGEncoder.encode(image, name: name)
    }
}

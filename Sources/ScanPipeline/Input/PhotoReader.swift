import ScanCodecs
import ScanCore

/// Reads an input photo as a person sees it: decoded, EXIF orientation applied, with its camera's
/// focal length where the EXIF states it.
enum PhotoReader {
    /// Decodes the photo at `path` into RGB.
    /// - Throws: `CodecError` naming the file (missing, a folder, empty, truncated, not an image,
    ///   over the pixel limit).
    static func read(_ path: String, maximumPixelCount: Int) throws -> DecodedImage<RGB8> {
        try ImageFile.read(path: path, options: DecodingOptions(maximumPixelCount: maximumPixelCount))
    }
}

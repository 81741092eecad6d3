import ScanCodecs
import ScanCore

/// Reads an input photo as a person sees it: decoded, EXIF orientation applied.
///
/// `read` throws untyped on purpose: with `throws(CodecError)` here, Swift 6.3.1 (debug build) corrupted
/// `PageFinder`'s stored limit after a failed read was caught in `PageFinder.find` (seen as a
/// "0-pixel limit" on the next photo); the untyped signature does not.
enum PhotoReader {
    /// Decodes the photo at `path` into RGB.
    /// - Throws: `CodecError` naming the file (missing, a folder, empty, truncated, not an image,
    ///   over the pixel limit).
    static func read(_ path: String, maximumPixelCount: Int) throws -> Image<RGB8> {
        try ImageFile.read(path: path, options: DecodingOptions(maximumPixelCount: maximumPixelCount)).image
    }
}

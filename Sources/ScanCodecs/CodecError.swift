/// Why an image could not be read, decoded or encoded. Every case carries the name of the file
/// (or the name the caller gave the bytes), and `description` is one lowercase line that names it
/// and says what to do.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the path.
    case fileNotFound(file: String)
    /// The path names a directory, not a file.
    case isDirectory(file: String)
    /// The path names a FIFO, device or socket, which could block or never end; `kind` says which
    /// ("a named pipe (FIFO)").
    case notARegularFile(file: String, kind: String)
    /// The file has zero bytes.
    case emptyFile(file: String)
    /// The file exists but could not be opened or read; `reason` is the system's message.
    case unreadable(file: String, reason: String)
    /// The file could not be written; `reason` is the system's message.
    case unwritable(file: String, reason: String)
    /// The bytes are not a JPEG, PNG or HEIF/HEIC image; `detected` says what they look like
    /// ("it is a GIF image", "it starts with text").
    case unsupportedFormat(file: String, detected: String)
    /// The data ends before the image does.
    case truncated(file: String, format: ImageFormat)
    /// A PNG chunk's CRC does not match its data; `chunk` is its four-letter type.
    case checksumMismatch(file: String, chunk: String)
    /// The data is damaged or invalid; `detail` is the decoder's own message.
    case corrupt(file: String, format: ImageFormat, detail: String)
    /// The image is valid but uses something we do not decode (CMYK JPEG, a HEIF codec without
    /// a decoder); `detail` names it.
    case unsupportedContent(file: String, format: ImageFormat, detail: String)
    /// The header declares more pixels than `DecodingOptions.maximumPixelCount` allows.
    case tooManyPixels(file: String, width: Int, height: Int, limit: Int)
    /// A JPEG quality outside 1…100 was asked for.
    case invalidQuality(file: String, quality: Int)
    /// The encoder failed; `detail` is the library's message.
    case encodingFailed(file: String, format: ImageFormat, detail: String)

    /// The file or input name the error is about.
    public var file: String {
        switch self {
        case .fileNotFound(let file), .isDirectory(let file), .notARegularFile(let file, _), .emptyFile(let file),
             .unreadable(let file, _), .unwritable(let file, _), .unsupportedFormat(let file, _),
             .truncated(let file, _), .checksumMismatch(let file, _), .corrupt(let file, _, _),
             .unsupportedContent(let file, _, _), .tooManyPixels(let file, _, _, _),
             .invalidQuality(let file, _), .encodingFailed(let file, _, _):
            file
        }
    }

    public var description: String {
        switch self {
        case .fileNotFound(let file):
            "\(file): no such file; check the path"
        case .isDirectory(let file):
            "\(file): is a directory, not an image file; pass the image files inside it"
        case .notARegularFile(let file, let kind):
            "\(file): is \(kind), not an image file; save the photo to a file and pass that"
        case .emptyFile(let file):
            "\(file): the file is empty (0 bytes); copy the photo again"
        case .unreadable(let file, let reason):
            "\(file): cannot read the file (\(reason)); check that it exists and is readable"
        case .unwritable(let file, let reason):
            "\(file): cannot write the file (\(reason)); check that its folder exists and is writable"
        case .unsupportedFormat(let file, let detected):
            "\(file) is not a JPEG, PNG or HEIC image (\(detected)); export it as JPEG or PNG"
        case .truncated(let file, let format):
            "\(file): truncated \(format.name) data (the file ends early); copy the photo again"
        case .checksumMismatch(let file, let chunk):
            "\(file): PNG chunk \(chunk) fails its CRC checksum (the file is damaged); copy the file again"
        case .corrupt(let file, let format, let detail):
            "\(file): damaged \(format.name) data (\(detail)); copy the photo again or re-export it"
        case .unsupportedContent(let file, let format, let detail):
            "\(file): \(format.name) image with \(detail), which is not supported; export it as an RGB JPEG or PNG"
        case .tooManyPixels(let file, let width, let height, let limit):
            "\(file): \(width)×\(height) pixels is over the \(Self.describeLimit(limit)) limit; resize the photo to at most \(Self.describeCount(limit)) pixels"
        case .invalidQuality(let file, let quality):
            "\(file): jpeg quality \(quality) is outside 1…100; pass a quality from 1 to 100"
        case .encodingFailed(let file, let format, let detail):
            "\(file): \(format.name) encoding failed (\(detail)); check the image is not empty"
        }
    }

    /// "100 million" for whole millions, otherwise the number.
    private static func describeCount(_ count: Int) -> String {
        count > 0 && count % 1_000_000 == 0 ? "\(count / 1_000_000) million" : "\(count)"
    }

    /// "100-megapixel" for whole megapixels, otherwise "1234567-pixel".
    private static func describeLimit(_ limit: Int) -> String {
        limit > 0 && limit % 1_000_000 == 0 ? "\(limit / 1_000_000)-megapixel" : "\(limit)-pixel"
    }
}

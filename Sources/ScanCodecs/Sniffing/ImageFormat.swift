/// An image file format this module decodes, recognised by its magic bytes, never by the name.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF or Exif), baseline or progressive, gray or YCbCr.
    case jpeg
    /// PNG, any bit depth and colour type.
    case png
    /// HEIF with HEVC images: HEIC, as iPhones write it.
    case heif
    /// AVIF: HEIF with AV1 images, decoded by the same libheif path.
    case avif

    /// The format's usual name in messages ("JPEG", "HEIC").
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heif: "HEIC"
        case .avif: "AVIF"
        }
    }

    public var description: String { name }

    /// Recognises the format from the first bytes of a file; nil when it is none of ours.
    /// Use `FormatSniffer.describe(_:)` to say what an unrecognised file looks like.
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        FormatSniffer.sniff(Array(bytes.prefix(FormatSniffer.headerLength)))
    }
}

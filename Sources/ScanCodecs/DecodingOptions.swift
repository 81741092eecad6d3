/// Settings for decoding images.
public struct DecodingOptions: Sendable, Equatable {
    /// The default pixel limit: 100 megapixels (a 12 MP phone photo is 12 000 000).
    public static let defaultMaximumPixelCount = 100_000_000

    /// The largest `width × height` a file may declare; checked against the header before any
    /// pixel memory is allocated. Higher: accepts bigger scans, but a hostile header can make us
    /// allocate up to 4 bytes × this; lower: safer for a server.
    public var maximumPixelCount: Int
    /// Whether to turn the pixels upright as the file's orientation metadata says (JPEG APP1 Exif,
    /// PNG eXIf). HEIF/HEIC images are always delivered upright: libheif applies their `irot`/`imir`
    /// transforms itself, and their EXIF orientation is never applied on top.
    public var appliesOrientation: Bool

    /// Creates options.
    /// - Parameters:
    ///   - maximumPixelCount: pixel limit, default 100 000 000.
    ///   - appliesOrientation: turn images upright from their metadata, default true.
    public init(maximumPixelCount: Int = DecodingOptions.defaultMaximumPixelCount, appliesOrientation: Bool = true) {
        self.maximumPixelCount = maximumPixelCount
        self.appliesOrientation = appliesOrientation
    }
}

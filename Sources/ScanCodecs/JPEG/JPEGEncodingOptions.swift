/// How much colour resolution a JPEG keeps relative to brightness.
public enum ChromaSubsampling: Sendable, Equatable, CaseIterable {
    /// 4:4:4, full colour resolution: largest files, sharpest coloured text.
    case chroma444
    /// 4:2:2, half horizontal colour resolution.
    case chroma422
    /// 4:2:0, half colour resolution both ways: the usual photo setting and the default.
    case chroma420
}

/// Settings for writing JPEG.
public struct JPEGEncodingOptions: Sendable, Equatable {
    /// The default quality, 90: visually lossless for document pages at about a third of 100's size.
    public static let defaultQuality = 90

    /// Quality 1…100. Higher: sharper text and bigger files.
    public var quality: Int
    /// Colour subsampling for RGB images (gray images have no colour to subsample).
    public var subsampling: ChromaSubsampling

    /// Creates options; quality is checked when encoding, so an out-of-range value from a user
    /// gives `CodecError.invalidQuality`.
    public init(quality: Int = JPEGEncodingOptions.defaultQuality, subsampling: ChromaSubsampling = .chroma420) {
        self.quality = quality
        self.subsampling = subsampling
    }
}

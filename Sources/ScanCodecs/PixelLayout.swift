import ScanCore

/// How a `BytePixel` type's channels are read: codecs decode into and encode from gray, RGB and
/// RGBA buffers, chosen by the pixel type's channel count.
enum PixelLayout: Sendable {
    case gray, rgb, rgba

    /// The layout for `Pixel`: 1 channel is gray, 3 are RGB, 4 are RGBA. Other counts are a
    /// programmer error.
    init<Pixel: BytePixel>(_: Pixel.Type) {
        switch Pixel.channelCount {
        case 1: self = .gray
        case 3: self = .rgb
        case 4: self = .rgba
        default: preconditionFailure("codecs handle 1, 3 or 4 channels, not \(Pixel.channelCount)")
        }
    }

    /// Bytes per pixel.
    var channels: Int {
        switch self {
        case .gray: 1
        case .rgb: 3
        case .rgba: 4
        }
    }
}

/// Checks a header's dimensions against the pixel limit before anything is allocated.
func checkPixelLimit(width: Int, height: Int, options: DecodingOptions, file: String) throws(CodecError) {
    // Multiplied in the full 64-bit range; headers hold at most 32-bit sizes, so this cannot overflow.
    if width.multipliedReportingOverflow(by: height).overflow || width * height > options.maximumPixelCount {
        throw .tooManyPixels(file: file, width: width, height: height, limit: options.maximumPixelCount)
    }
}

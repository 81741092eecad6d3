import ScanCodecs
import ScanCore

/// Small, so hostile headers are refused before a big allocation instead of slowing the fuzzer.
public let fuzzDecodingOptions = DecodingOptions(maximumPixelCount: 4_000_000)

/// Decodes `bytes` through `ImageCodec` into RGB, gray or RGBA (picked by the input's length) and
/// checks what every decoder must give: a non-empty image with as many pixels as its size, under
/// the pixel limit. `extra` then checks the decoded image's format and applied orientation.
public func fuzzDecode(
    _ bytes: [UInt8], name: String,
    extra: (_ format: ImageFormat, _ orientation: ImageOrientation, _ size: (width: Int, height: Int), _ stored: (width: Int, height: Int)) -> Void
) {
    func check<Pixel: BytePixel>(as pixel: Pixel.Type) {
        guard let decoded = try? ImageCodec.decode(bytes, name: name, as: pixel, options: fuzzDecodingOptions) else { return }
        let image = decoded.image
        fuzzCheck(image.width > 0 && image.height > 0, "decoded an empty image")
        fuzzCheck(image.pixels.count == image.width * image.height, "pixel count does not match the size")
        fuzzCheck(image.pixelCount <= fuzzDecodingOptions.maximumPixelCount, "decoded past the pixel limit")
        extra(decoded.format, decoded.appliedOrientation, (image.width, image.height), (decoded.storedWidth, decoded.storedHeight))
    }
    switch bytes.count % 3 {
    case 0: check(as: RGB8.self)
    case 1: check(as: Gray8.self)
    default: check(as: RGBA8.self)
    }
}

/// The check for decoders that apply an orientation: the image's size is the stored size turned
/// by it.
public func fuzzCheckOrientedSize(_ orientation: ImageOrientation, size: (width: Int, height: Int), stored: (width: Int, height: Int)) {
    let oriented = orientation.orientedSize(width: stored.width, height: stored.height)
    fuzzCheck(oriented.width == size.width && oriented.height == size.height, "orientation and size disagree")
}

import CPNG
import ScanCore

/// Encodes gray, RGB and RGBA images as 8-bit PNG through libpng's simplified API.
enum PNGEncoder {
    static func encode<Pixel: BytePixel>(_ image: Image<Pixel>, name: String) throws(CodecError) -> [UInt8] {
        guard !image.isEmpty else {
            throw .encodingFailed(file: name, format: .png, detail: "the image is \(image.width)×\(image.height)")
        }
        var control = png_image()
        control.version = cpng_image_version()
        control.width = png_uint_32(image.width)
        control.height = png_uint_32(image.height)
        control.format = switch PixelLayout(Pixel.self) {
        case .gray: cpng_format_gray()
        case .rgb: cpng_format_rgb()
        case .rgba: cpng_format_rgba()
        }
        defer { png_image_free(&control) }
        // Written once into a worst-case buffer, then trimmed, instead of compressing twice to
        // learn the size first.
        let capacity = cpng_image_png_size_max(&control)
        var failure: CodecError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var size = capacity
            let written = image.withUnsafeBytes { pixels in
                png_image_write_to_memory(&control, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
            if written == 0 || cpng_image_failed(&control) != 0 {
                let message = withUnsafeBytes(of: &control.message) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                failure = .encodingFailed(file: name, format: .png, detail: message)
                initialized = 0
            } else {
                initialized = size
            }
        }
        if let failure { throw failure }
        return bytes
    }
}

import CPNG
import ScanCore

/// Decodes PNG through libpng's simplified API, which reports errors in `png_image` instead of
/// jumping out with `longjmp`. Gray, palette, 16-bit and alpha inputs are converted by libpng to
/// the requested layout; alpha is composited on white when the output has none. 16-bit files
/// that do not declare their gamma are reduced by `decodeUndeclaredSixteenBit`.
enum PNGDecoder {
    /// The background a transparent PNG is flattened onto: white, like paper.
    static let background = png_color(red: 255, green: 255, blue: 255)

    static func decode<Pixel: BytePixel>(_ bytes: [UInt8], name: String, options: DecodingOptions) throws(CodecError) -> StoredImage<Pixel> {
        let chunks = PNGChunks(bytes)
        guard chunks.isComplete else { throw .truncated(file: name, format: .png) }

        // begin_read keeps a pointer to the data until finish_read, so both run in one scope.
        let image: Image<Pixel> = try bytes.withUnsafeBufferPointer { png throws(CodecError) in
            try decodePixels(png, name: name, options: options, declaresGamma: chunks.declaresGamma)
        }
        let exif = chunks.exif.map { Array($0) }
        return StoredImage(image: image, orientation: exif.flatMap(ExifOrientationReader.orientation(inTIFF:)) ?? .up,
                           equivalentFocalLength: exif.flatMap(ExifFocalLengthReader.equivalentFocalLength(inTIFF:)))
    }

    private static func decodePixels<Pixel: BytePixel>(
        _ png: UnsafeBufferPointer<UInt8>, name: String, options: DecodingOptions, declaresGamma: Bool
    ) throws(CodecError) -> Image<Pixel> {
        var control = png_image()
        control.version = cpng_image_version()
        // Whatever happens below, libpng's read state is released.
        defer { png_image_free(&control) }

        let begun = png_image_begin_read_from_memory(&control, png.baseAddress, png.count)
        if begun == 0 || cpng_image_failed(&control) != 0 { throw error(from: &control, name: name) }
        let width = Int(control.width), height = Int(control.height)
        try checkPixelLimit(width: width, height: height, options: options, file: name)
        if control.format & cpng_format_flag_linear() != 0, !declaresGamma {
            return try decodeUndeclaredSixteenBit(&control, width: width, height: height, name: name)
        }

        control.format = switch PixelLayout(Pixel.self) {
        case .gray: cpng_format_gray()
        case .rgb: cpng_format_rgb()
        case .rgba: cpng_format_rgba()
        }
        var failure: CodecError?
        let image = Image<Pixel>(width: width, height: height, initializingBytes: { output in
            var background = Self.background
            let finished = png_image_finish_read(&control, &background, output.baseAddress, 0, nil)
            if finished == 0 || cpng_image_failed(&control) != 0 { failure = error(from: &control, name: name) }
        })
        if let failure { throw failure }
        return image
    }

    /// Turns libpng's message into our error: "IDAT: CRC error" → `.checksumMismatch`, running out
    /// of data → `.truncated`, anything else → `.corrupt` with libpng's words.
    static func error(from control: inout png_image, name: String) -> CodecError {
        let message = withUnsafeBytes(of: &control.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if message.hasSuffix(": CRC error"), let colon = message.firstIndex(of: ":") {
            return .checksumMismatch(file: name, chunk: String(message[..<colon]))
        }
        let lowered = message.lowercased()
        if lowered.contains("beyond end of data") || lowered.contains("not enough image data") || lowered.contains("truncated") {
            return .truncated(file: name, format: .png)
        }
        return .corrupt(file: name, format: .png, detail: message.isEmpty ? "unknown libpng error" : message)
    }
}

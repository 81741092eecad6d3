import CHeif
import ScanCore

/// Decodes the primary image of a HEIF/HEIC (or AVIF) file through libheif.
///
/// libheif applies the file's `irot`/`imir` transforms itself, so the pixels come out upright; the
/// EXIF orientation that iPhones also store in HEIC files describes the same turn and must NOT be
/// applied again, so this decoder always reports `.up`.
enum HEIFDecoder {
    static func decode<Pixel: BytePixel>(
        _ bytes: [UInt8], format: ImageFormat, name: String, options: DecodingOptions
    ) throws(CodecError) -> StoredImage<Pixel> {
        if let item = HEIFItemReferences(bytes).firstCyclicOrTooDeepItem() {
            throw .corrupt(file: name, format: format, detail: "image item \(item) is derived from itself or nested too deeply")
        }
        let decoded: (image: Image<Pixel>, equivalentFocalLength: Double?)
        do {
            decoded = try bytes.withUnsafeBufferPointer { heif throws(CodecError) in
                try decodePixels(heif, declaring: HEIFDeclaredSizes(bytes), format: format, name: name, options: options)
            }
        } catch {
            // libheif names the box it missed ("No 'meta' box") rather than saying the file is
            // cut short; the box structure tells.
            if case .corrupt = error, !boxesAreComplete(bytes) { throw .truncated(file: name, format: format) }
            throw error
        }
        return StoredImage(image: decoded.image, orientation: .up, equivalentFocalLength: decoded.equivalentFocalLength)
    }

    /// True when the top-level ISO-BMFF boxes tile the data exactly, each box's size fitting in
    /// what is left (a size of 0 means "to the end of the file"); false when the last box is cut.
    static func boxesAreComplete(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return false }
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 0 { return true }
            if size == 1 {
                guard offset + 16 <= bytes.count else { return false }
                let large = bytes[offset + 8..<offset + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard large <= UInt64(Int.max) else { return false }
                size = Int(large)
            }
            guard size >= 8, size <= bytes.count - offset else { return false }
            offset += size
        }
        return true
    }

    private static func decodePixels<Pixel: BytePixel>(
        _ heif: UnsafeBufferPointer<UInt8>, declaring declared: HEIFDeclaredSizes, format: ImageFormat, name: String,
        options: DecodingOptions
    ) throws(CodecError) -> (image: Image<Pixel>, equivalentFocalLength: Double?) {
        guard let owner = HEIFContext() else {
            throw .corrupt(file: name, format: format, detail: "cannot create a libheif context")
        }
        // Tiles are decoded on this thread: callers already decode pages side by side, and a
        // hostile file then costs one thread, not libheif's pool per nesting level.
        heif_context_set_max_decoding_threads(owner.context, 0)
        if let failure = HEIFContext.check(
            heif_context_read_from_memory_without_copy(owner.context, heif.baseAddress, heif.count, nil),
            name: name, format: format) { throw failure }
        var handle: OpaquePointer?
        if let failure = HEIFContext.check(
            heif_context_get_primary_image_handle(owner.context, &handle), name: name, format: format) { throw failure }
        owner.handle = handle
        guard let handle else { throw .corrupt(file: name, format: format, detail: "no primary image") }

        // The handle's size is the displayed size, after rotation, known before decoding.
        let declaredWidth = Int(heif_image_handle_get_width(handle))
        let declaredHeight = Int(heif_image_handle_get_height(handle))
        try checkPixelLimit(width: declaredWidth, height: declaredHeight, options: options, file: name)
        // What the decoders would allocate, whatever `ispe` says (see `HEIFDeclaredSizes`).
        try declared.check(against: options, file: name, format: format)

        let layout = PixelLayout(Pixel.self)
        // Gray output is computed from RGB here: libheif's monochrome path needs a gray source.
        let chroma = layout == .rgba ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
        var decoded: OpaquePointer?
        if let failure = HEIFContext.check(
            heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, nil), name: name, format: format) { throw failure }
        owner.image = decoded
        guard let decoded else { throw .corrupt(file: name, format: format, detail: "no decoded image") }

        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) else {
            throw .corrupt(file: name, format: format, detail: "the decoded image has no interleaved plane")
        }
        try checkPixelLimit(width: width, height: height, options: options, file: name)
        let rowStride = Int(stride)
        let sourceChannels = layout == .rgba ? 4 : 3
        guard rowStride >= width * sourceChannels else {
            throw .corrupt(file: name, format: format, detail: "row stride \(rowStride) is shorter than a row")
        }
        let image = Image<Pixel>(width: width, height: height, initializingBytes: { output in
            let outRowBytes = width * layout.channels
            for y in 0..<height {
                let source = plane + y * rowStride
                let target = output.baseAddress! + y * outRowBytes
                if layout == .gray {
                    for x in 0..<width {
                        let r = UInt32(source[3 * x]), g = UInt32(source[3 * x + 1]), b = UInt32(source[3 * x + 2])
                        // Rec.601 luma in 16-bit fixed point: 0.299, 0.587, 0.114 (sums to 65536).
                        target[x] = UInt8((19595 * r + 38470 * g + 7471 * b + 32768) >> 16)
                    }
                } else {
                    target.update(from: source, count: outRowBytes)
                }
            }
        })
        return (image, HEIFExif.equivalentFocalLength(of: handle))
    }
}

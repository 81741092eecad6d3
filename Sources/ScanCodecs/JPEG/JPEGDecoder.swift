import CTurboJPEG
import ScanCore

/// Decodes JPEG through TurboJPEG straight into the image's own storage (no intermediate copy).
enum JPEGDecoder {
    /// TurboJPEG flags for decoding: the default accurate integer DCT and smooth upsampling.
    /// (`TJFLAG_FASTDCT` would save ~10 % at a small cost in accuracy.)
    static let decompressFlags: Int32 = 0

    static func decode<Pixel: BytePixel>(_ bytes: [UInt8], name: String, options: DecodingOptions) throws(CodecError) -> StoredImage<Pixel> {
        guard let handle = TurboJPEGHandle(.decompress) else {
            throw .corrupt(file: name, format: .jpeg, detail: "cannot create a TurboJPEG decompressor")
        }
        let info = try JPEGInfo.read(bytes, handle: handle, name: name)
        try checkPixelLimit(width: info.width, height: info.height, options: options, file: name)
        guard info.isSupported else {
            throw .unsupportedContent(file: name, format: .jpeg, detail: "\(info.colorSpace.rawValue.uppercased()) colour")
        }
        let pixelFormat: TJPF = switch PixelLayout(Pixel.self) {
        case .gray: TJPF_GRAY
        case .rgb: TJPF_RGB
        case .rgba: TJPF_RGBA
        }
        var failure: CodecError?
        let image = Image<Pixel>(width: info.width, height: info.height, initializingBytes: { output in
            let status = bytes.withUnsafeBufferPointer { jpeg in
                tjDecompress2(
                    handle.raw, jpeg.baseAddress, UInt(jpeg.count), output.baseAddress,
                    Int32(info.width), 0, Int32(info.height), Int32(pixelFormat.rawValue), decompressFlags)
            }
            guard status != 0 else { return }
            let message = handle.lastMessage
            if TurboJPEGHandle.isTruncationMessage(message) {
                // libjpeg pads a cut-off scan with grey and only warns; a half-grey page is worse
                // than an error, so a truncated file is always one.
                failure = .truncated(file: name, format: .jpeg)
            } else if !handle.lastFailureWasWarning {
                failure = .corrupt(file: name, format: .jpeg, detail: message)
            }
            // Other warnings (e.g. "extraneous bytes before marker") are common in camera files
            // whose pixels are fine; they are accepted.
        })
        if let failure { throw failure }
        return StoredImage(image: image, orientation: info.orientation, equivalentFocalLength: info.equivalentFocalLength)
    }
}

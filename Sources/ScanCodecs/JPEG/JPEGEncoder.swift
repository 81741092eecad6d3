import CTurboJPEG
import ScanCore

/// Encodes images as baseline JPEG through TurboJPEG.
enum JPEGEncoder {
    static func encode<Pixel: BytePixel>(_ image: Image<Pixel>, options: JPEGEncodingOptions, name: String) throws(CodecError) -> [UInt8] {
        guard (1...100).contains(options.quality) else {
            throw .invalidQuality(file: name, quality: options.quality)
        }
        guard !image.isEmpty else {
            throw .encodingFailed(file: name, format: .jpeg, detail: "the image is \(image.width)×\(image.height)")
        }
        guard let handle = TurboJPEGHandle(.compress) else {
            throw .encodingFailed(file: name, format: .jpeg, detail: "cannot create a TurboJPEG compressor")
        }
        let layout = PixelLayout(Pixel.self)
        let pixelFormat: TJPF = switch layout {
        case .gray: TJPF_GRAY
        case .rgb: TJPF_RGB
        case .rgba: TJPF_RGBX  // JPEG has no alpha; it is ignored
        }
        let subsampling: TJSAMP = if layout == .gray {
            TJSAMP_GRAY
        } else {
            switch options.subsampling {
            case .chroma444: TJSAMP_444
            case .chroma422: TJSAMP_422
            case .chroma420: TJSAMP_420
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = image.withUnsafeBytes { pixels in
            tjCompress2(
                handle.raw, pixels.baseAddress, Int32(image.width), 0, Int32(image.height),
                Int32(pixelFormat.rawValue), &output, &size, Int32(subsampling.rawValue),
                Int32(options.quality), 0)
        }
        guard status == 0, let output else {
            throw .encodingFailed(file: name, format: .jpeg, detail: handle.lastMessage)
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}

import ScanCore

extension PDFWriter {
    /// Writes `image` as an image XObject stream numbered `number`.
    mutating func writeImage(_ image: PDFImage, as number: Int) throws {
        switch image {
        case .jpeg(let bytes, let width, let height, let components):
            let dictionary = Self.imageDictionary(width: width, height: height, components: components)
                + "/Filter/DCTDecode"
            try writeStream(number, dictionary: dictionary, length: bytes.count) { writer in
                try writer.emit(bytes)
            }
        case .ccittG4(let bytes, let width, let height, let blackIs1):
            let dictionary = "/Subtype/Image/Width \(width)/Height \(height)/ColorSpace/DeviceGray/BitsPerComponent 1"
                + "/Filter/CCITTFaxDecode/DecodeParms<</K -1/Columns \(width)/Rows \(height)"
                + (blackIs1 ? "/BlackIs1 true>>" : ">>")
            try writeStream(number, dictionary: dictionary, length: bytes.count) { writer in
                try writer.emit(bytes)
            }
        case .gray(let pixels):
            try writeLossless(pixels, components: 1, as: number)
        case .rgb(let pixels):
            try writeLossless(pixels, components: 3, as: number)
        }
    }

    /// Pixels as a `/FlateDecode` stream, streamed from the image's own storage in stored blocks.
    private mutating func writeLossless<Pixel: BytePixel>(_ image: Image<Pixel>, components: Int, as number: Int) throws {
        let dictionary = Self.imageDictionary(width: image.width, height: image.height, components: components)
            + "/Filter/FlateDecode"
        let length = ZlibStoredEncoder.encodedSize(of: image.pixelCount * Pixel.channelCount)
        try writeStream(number, dictionary: dictionary, length: length) { writer in
            try image.withUnsafeBytes { data in
                try ZlibStoredEncoder.encode(data) { chunk in try writer.emit(chunk) }
            }
        }
    }

    /// The entries every 8-bit image XObject shares (`/Type/XObject` is optional and left out).
    private static func imageDictionary(width: Int, height: Int, components: Int) -> String {
        let colorSpace = components == 1 ? "DeviceGray" : "DeviceRGB"
        return "/Subtype/Image/Width \(width)/Height \(height)/ColorSpace/\(colorSpace)/BitsPerComponent 8"
    }
}

import CPNG
import ScanCore

extension PNGDecoder {
    /// Reads a 16-bit PNG without a `gAMA` or `sRGB` chunk as viewers show it: its samples are
    /// sRGB-encoded like any other photo's. libpng's simplified API takes such samples as linear
    /// light and gamma-encodes them on the way to 8 bits, which lightens dark tones by up to ~70
    /// levels. Asked for 16-bit "linear" output instead, it hands them back unchanged (colour
    /// premultiplied by alpha); they are flattened onto white here, as the 8-bit path does, and
    /// rounded to 8 bits.
    static func decodeUndeclaredSixteenBit<Pixel: BytePixel>(
        _ control: inout png_image, width: Int, height: Int, name: String
    ) throws(CodecError) -> Image<Pixel> {
        control.format = cpng_format_linear_rgb_alpha()
        var samples = [UInt16](repeating: 0, count: width * height * 4)
        let finished = samples.withUnsafeMutableBufferPointer { png_image_finish_read(&control, nil, $0.baseAddress, 0, nil) }
        if finished == 0 || cpng_image_failed(&control) != 0 { throw error(from: &control, name: name) }
        let layout = PixelLayout(Pixel.self)
        return samples.withUnsafeBufferPointer { source in
            Image<Pixel>(width: width, height: height, initializingBytes: { output in
                for i in 0..<(width * height) {
                    let pixel = source.baseAddress! + 4 * i
                    let alpha = Int(pixel[3])
                    func channel(_ k: Int) -> Int {
                        let premultiplied = Int(pixel[k])
                        // With alpha kept, undo the premultiplication; without, flatten on white.
                        guard layout == .rgba else { return reduce(premultiplied + 65535 - alpha) }
                        return alpha == 0 ? 0 : reduce((premultiplied * 65535 + alpha / 2) / alpha)
                    }
                    let red = channel(0), green = channel(1), blue = channel(2)
                    switch layout {
                    case .gray:
                        // Rec. 601 luma, as `Image<RGB8>.grayscale()` computes it.
                        output[i] = UInt8((19595 * red + 38470 * green + 7471 * blue + 32768) >> 16)
                    case .rgb:
                        output[3 * i] = UInt8(red)
                        output[3 * i + 1] = UInt8(green)
                        output[3 * i + 2] = UInt8(blue)
                    case .rgba:
                        output[4 * i] = UInt8(red)
                        output[4 * i + 1] = UInt8(green)
                        output[4 * i + 2] = UInt8(blue)
                        output[4 * i + 3] = UInt8(reduce(alpha))
                    }
                }
            })
        }
    }

    /// A 16-bit sample rounded to 8 bits.
    @inline(__always)
    private static func reduce(_ value: Int) -> Int { (min(value, 65535) * 255 + 32767) / 65535 }
}

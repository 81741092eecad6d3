import ScanCore

/// An image of uniformly random bytes in every channel, the same for the same seed.
/// - Parameters:
///   - width: width in pixels (≥ 0).
///   - height: height in pixels (≥ 0).
///   - seed: fixes the content.
public func randomImage<P: BytePixel>(width: Int, height: Int, seed: UInt64, as pixel: P.Type = P.self) -> Image<P> {
    var generator = SeededGenerator(seed: seed)
    return Image<P>(width: width, height: height) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
        for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
    }
}

/// An image with every channel of every pixel set to `value`.
public func constantImage<P: BytePixel>(width: Int, height: Int, value: UInt8, as pixel: P.Type = P.self) -> Image<P> {
    Image<P>(width: width, height: height) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
        bytes.initialize(repeating: value)
    }
}

extension Image where Pixel: BytePixel {
    /// A copy of the image's interleaved bytes, row by row.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Channel `channel` of pixel (x, y).
    public func channel(_ channel: Int, x: Int, y: Int) -> UInt8 {
        withUnsafeBytes { $0[(y * width + x) * Pixel.channelCount + channel] }
    }

    /// The largest absolute difference between corresponding bytes of two images of equal size.
    public func maximumDifference(from other: Image) -> Int {
        precondition(width == other.width && height == other.height, "images differ in size")
        return zip(bytes, other.bytes).reduce(0) { Swift.max($0, abs(Int($1.0) - Int($1.1))) }
    }
}

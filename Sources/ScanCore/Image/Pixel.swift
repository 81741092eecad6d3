/// A pixel stored as `channelCount` consecutive `UInt8` values, so an image of it can be handed to
/// codecs and byte kernels as one flat buffer.
public protocol BytePixel: Sendable, Equatable {
    /// Number of 8-bit channels, which is also the pixel's size and stride in bytes.
    static var channelCount: Int { get }
}

/// An 8-bit luminance pixel (0 black, 255 white).
@frozen public struct Gray8: BytePixel, Hashable {
    public static var channelCount: Int { 1 }
    /// Luminance, 0 (black) … 255 (white).
    public var value: UInt8

    /// Creates a pixel of the given luminance.
    @inlinable public init(_ value: UInt8) { self.value = value }
}

/// An 8-bit-per-channel sRGB pixel.
@frozen public struct RGB8: BytePixel, Hashable {
    public static var channelCount: Int { 3 }
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    /// Creates a pixel from its red, green and blue channels.
    @inlinable public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// An 8-bit-per-channel sRGB pixel with straight (not premultiplied) alpha.
@frozen public struct RGBA8: BytePixel, Hashable {
    public static var channelCount: Int { 4 }
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    /// Creates a pixel from its red, green, blue and alpha channels.
    @inlinable public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// A raster image: `width × height` pixels stored row-major in one array, origin at the top-left,
/// x to the right, y down. Pixel (x, y) covers the square [x, x+1) × [y, y+1) in image coordinates,
/// so its centre is at (x + 0.5, y + 0.5).
///
/// `Image` is a value type with copy-on-write storage: mutating a copy never changes the original.
public struct Image<Pixel>: Sendable where Pixel: Sendable {
    /// Width in pixels (≥ 0).
    public let width: Int
    /// Height in pixels (≥ 0).
    public let height: Int
    /// The pixels, row by row from the top; `pixels.count == width * height`.
    public var pixels: [Pixel] { storage }

    @usableFromInline internal var storage: [Pixel]

    /// Creates an image filled with one value.
    public init(width: Int, height: Int, repeating value: Pixel) {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        self.width = width
        self.height = height
        self.storage = Array(repeating: value, count: width * height)
    }

    /// Creates an image from row-major pixels; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, pixels: [Pixel]) {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        precondition(pixels.count == width * height, "pixel count \(pixels.count) does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.storage = pixels
    }

    /// Creates an image whose every pixel is written by `initializer`, which receives the whole
    /// uninitialised buffer and must initialise all `width * height` elements.
    public init(
        width: Int, height: Int,
        unsafeUninitialized initializer: (inout UnsafeMutableBufferPointer<Pixel>) throws -> Void
    ) rethrows {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        self.width = width
        self.height = height
        let count = width * height
        self.storage = try Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            try initializer(&buffer)
            initialized = count
        }
    }

    /// The image's size in pixels.
    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// Number of pixels.
    public var pixelCount: Int { width * height }

    /// True when the image has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The pixel at column `x`, row `y`; both must be inside the image.
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            return storage[y * width + x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            storage[y * width + x] = newValue
        }
    }

    /// Calls `body` with the pixels as one read-only row-major buffer.
    @inlinable
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Pixel>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the pixels as one mutable row-major buffer, copying first if the storage
    /// is shared with another image.
    @inlinable
    public mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Pixel>) throws -> R) rethrows -> R {
        try storage.withUnsafeMutableBufferPointer(body)
    }

    /// Returns a new image made by applying `transform` to every pixel.
    public func map<Output>(_ transform: (Pixel) throws -> Output) rethrows -> Image<Output> {
        Image<Output>(width: width, height: height, pixels: try pixels.map(transform))
    }
}

extension Image: Equatable where Pixel: Equatable {}

extension Image where Pixel: BytePixel {
    /// Calls `body` with the image's bytes: `width * height * Pixel.channelCount` interleaved channels.
    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { raw in
            try body(raw.bindMemory(to: UInt8.self))
        }
    }

    /// Calls `body` with the image's bytes, mutable, copying first if the storage is shared.
    @inlinable
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeMutableBytes { raw in
            try body(raw.bindMemory(to: UInt8.self))
        }
    }

    /// Creates an image from interleaved bytes, `width * height * Pixel.channelCount` of them,
    /// written by `initializer` into the uninitialised buffer it receives.
    public init(width: Int, height: Int, initializingBytes initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) rethrows {
        try self.init(width: width, height: height) { (buffer: inout UnsafeMutableBufferPointer<Pixel>) in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            try initializer(raw.bindMemory(to: UInt8.self))
        }
    }

    /// Bytes per row (`width * Pixel.channelCount`), with no padding.
    public var bytesPerRow: Int { width * Pixel.channelCount }
}

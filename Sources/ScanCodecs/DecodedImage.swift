import ScanCore

/// A decoded image, already upright, with what the file said about it.
public struct DecodedImage<Pixel: BytePixel>: Sendable {
    /// The pixels as a person sees the photo: orientation metadata already applied.
    public var image: Image<Pixel>
    /// The format the bytes were in.
    public var format: ImageFormat
    /// Width of the image as stored in the file, before orientation.
    public var storedWidth: Int
    /// Height of the image as stored in the file, before orientation.
    public var storedHeight: Int
    /// The orientation that was applied to the stored pixels to make `image`; `.up` when none was
    /// (no metadata, `appliesOrientation` off, or HEIF, which libheif turns upright itself).
    public var appliedOrientation: ImageOrientation

    /// Creates a decoded image.
    public init(image: Image<Pixel>, format: ImageFormat, storedWidth: Int, storedHeight: Int, appliedOrientation: ImageOrientation) {
        self.image = image
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.appliedOrientation = appliedOrientation
    }
}

/// What a decoder hands the front door: stored pixels and the orientation the metadata asks for.
struct StoredImage<Pixel: BytePixel> {
    var image: Image<Pixel>
    var orientation: ImageOrientation
}

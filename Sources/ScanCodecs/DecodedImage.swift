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
    /// The camera's 35 mm-equivalent focal length in millimetres, from the file's EXIF
    /// (`FocalLengthIn35mmFilm`, JPEG, PNG and HEIF); nil when the file does not say.
    public var equivalentFocalLength: Double?

    /// Creates a decoded image.
    public init(image: Image<Pixel>, format: ImageFormat, storedWidth: Int, storedHeight: Int,
                appliedOrientation: ImageOrientation, equivalentFocalLength: Double? = nil) {
        self.image = image
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.appliedOrientation = appliedOrientation
        self.equivalentFocalLength = equivalentFocalLength
    }

    /// The camera's focal length in pixels of `image`, from `equivalentFocalLength`: a 35 mm
    /// frame's diagonal (`PhoneCamera.filmDiagonal`) matched to the photo's; nil when the file
    /// does not say.
    public var focalLength: Double? {
        equivalentFocalLength.map { millimetres in
            let diagonal = (Double(image.width * image.width) + Double(image.height * image.height)).squareRoot()
            return millimetres / PhoneCamera.filmDiagonal * diagonal
        }
    }
}

/// What a decoder hands the front door: stored pixels, the orientation the metadata asks for and
/// the 35 mm-equivalent focal length it states.
struct StoredImage<Pixel: BytePixel> {
    var image: Image<Pixel>
    var orientation: ImageOrientation
    var equivalentFocalLength: Double? = nil
}

import ScanCodecs
import ScanCore
import ScanDetect

/// Turns an uploaded body into a decoded photo: checks the media type, decodes (EXIF orientation
/// applied) within the pixel limit, and detects the page.
public struct PhotoIntake: Sendable {
    /// Largest photo accepted, in pixels, checked from the header before decoding.
    public var maximumPixelCount: Int
    private let detector = DocumentDetector()

    /// Media types accepted for photos, with the file extension each is stored under.
    public static let mediaTypes: [String: String] = [
        "image/jpeg": "jpg", "image/jpg": "jpg", "image/png": "png", "image/heic": "heic", "image/heif": "heic",
    ]

    /// Creates an intake.
    public init(maximumPixelCount: Int = DecodingOptions.defaultMaximumPixelCount) {
        self.maximumPixelCount = maximumPixelCount
    }

    /// Decodes a photo body and detects its page.
    /// - Throws: `ServerError.unsupportedMediaType`, `.emptyBody`, `.unreadableImage`.
    public func photo(from request: Request) throws(ServerError) -> (photo: StoredPhoto, image: Image<RGB8>) {
        guard let type = request.mediaType, let fileExtension = Self.mediaTypes[type] else {
            throw .unsupportedMediaType(request.mediaType ?? "none")
        }
        let decoded = try decodedPhoto(request.body, name: "body")
        let image = decoded.image
        let detection = detector.detect(in: image, focalLength: decoded.focalLength)
        let photo = StoredPhoto(
            bytes: request.body, fileExtension: fileExtension, width: image.width, height: image.height,
            detected: detection?.quad, confidence: detection?.confidence ?? 0)
        return (photo, image)
    }

    /// Decodes an image body upright.
    /// - Throws: `ServerError.emptyBody`, `.unreadableImage`.
    public func decode(_ bytes: [UInt8], name: String = "body") throws(ServerError) -> Image<RGB8> {
        try decodedPhoto(bytes, name: name).image
    }

    /// Decodes an image body upright, with what its metadata says (the camera's focal length).
    private func decodedPhoto(_ bytes: [UInt8], name: String) throws(ServerError) -> DecodedImage<RGB8> {
        guard !bytes.isEmpty else { throw .emptyBody }
        do {
            return try ImageCodec.decode(bytes, name: name, options: DecodingOptions(maximumPixelCount: maximumPixelCount))
        } catch {
            throw .unreadableImage(error)
        }
    }

    /// Reads a stored page's photo back from `photos` and decodes it upright, with what its
    /// metadata says.
    /// - Throws: `DamagedPhoto` when the file is missing, unreadable, cut short or no longer an
    ///   image; the caller names the page in the `ServerError` it answers with.
    func storedPhoto(of page: Page, from photos: PhotoStore) throws(DamagedPhoto) -> DecodedImage<RGB8> {
        let bytes: [UInt8]
        do {
            bytes = try photos.read(page.photoFile)
        } catch {
            let reason = photos.contains(page.photoFile) ? "its file can't be read" : "its file is missing"
            throw DamagedPhoto(pageID: page.id, reason: reason)
        }
        do {
            let options = DecodingOptions(maximumPixelCount: maximumPixelCount)
            return try ImageCodec.decode(bytes, name: page.photoFile, options: options)
        } catch {
            throw DamagedPhoto(pageID: page.id, reason: DamagedPhoto.reason(for: error))
        }
    }

    /// Detects the page in a frame.
    public func detect(in image: Image<RGB8>) -> Detection? { detector.detect(in: image) }
}

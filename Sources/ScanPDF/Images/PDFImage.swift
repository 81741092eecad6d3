import ScanCore

/// The picture that fills one page, in a form the PDF can embed.
///
/// Colour and gray pages are JPEG, passed through; black-and-white pages are CCITT Group 4.
public enum PDFImage: Sendable {
    /// A JPEG file's bytes, embedded unchanged with `/DCTDecode` (no re-encoding, no quality loss).
    ///
    /// `components` is 1 (DeviceGray) or 3 (DeviceRGB). The values are checked against the JPEG's own
    /// frame header when the page is added.
    case jpeg(bytes: [UInt8], width: Int, height: Int, components: Int)
    /// Black-and-white pixels as raw CCITT Group 4 (T.6) data, embedded unchanged with `/CCITTFaxDecode`
    /// and `/DecodeParms<</K -1/Columns width/Rows height>>`, 1 bit a pixel.
    ///
    /// `blackIs1` false (the fax convention and PDF's default) means the coded black runs are ink.
    /// The data is not checked here: the encoder (libtiff, through ScanCodecs) vouches for it.
    case ccittG4(bytes: [UInt8], width: Int, height: Int, blackIs1: Bool = false)
    /// Gray pixels, kept lossless with `/FlateDecode`.
    ///
    /// The deflate stream uses stored (uncompressed) blocks for now: lossless and streaming, but as large
    /// as the pixels (1 byte a pixel). A real compressor can replace `ZlibStoredEncoder` without changing this API.
    case gray(Image<Gray8>)
    /// RGB pixels, kept lossless with `/FlateDecode` (stored blocks, 3 bytes a pixel; see `gray`).
    case rgb(Image<RGB8>)

    /// The largest width or height accepted, in pixels (the JPEG limit; also keeps page sizes sane).
    public static let maximumSide = 65_535

    /// Wraps a JPEG file, reading its width, height and components from its frame header.
    ///
    /// - Throws: `PDFError.notJPEG` when the bytes have no usable 8-bit frame header,
    ///   `PDFError.unsupportedComponents` for CMYK or other layouts.
    public init(jpeg bytes: [UInt8]) throws {
        let header = try JPEGFrameHeader(parsing: bytes)
        self = .jpeg(bytes: bytes, width: header.width, height: header.height, components: header.components)
        try validate()
    }

    /// Width in pixels.
    public var width: Int {
        switch self {
        case .jpeg(_, let width, _, _): width
        case .ccittG4(_, let width, _, _): width
        case .gray(let image): image.width
        case .rgb(let image): image.width
        }
    }

    /// Height in pixels.
    public var height: Int {
        switch self {
        case .jpeg(_, _, let height, _): height
        case .ccittG4(_, _, let height, _): height
        case .gray(let image): image.height
        case .rgb(let image): image.height
        }
    }

    /// Checks sizes, components and, for JPEG, that the data agrees with what was declared.
    ///
    /// - Throws: `PDFError.invalidImageSize`, `.unsupportedComponents`, `.notJPEG` or `.jpegMismatch`.
    public func validate() throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw PDFError.invalidImageSize(width: width, height: height)
        }
        guard case .jpeg(let bytes, let width, let height, let components) = self else { return }
        guard components == 1 || components == 3 else { throw PDFError.unsupportedComponents(components) }
        let header = try JPEGFrameHeader(parsing: bytes)
        guard header.width == width, header.height == height, header.components == components else {
            throw PDFError.jpegMismatch(declared: [width, height, components],
                                        found: [header.width, header.height, header.components])
        }
    }
}

/// A finished page's pixels in the form its colour mode needs, which decides how it is encoded:
/// colour and gray pages as JPEG, bilevel pages losslessly (CCITT G4 in PDF and TIFF).
public enum PageImage: Sendable, Equatable {
    /// Colour pixels.
    case color(Image<RGB8>)
    /// Gray pixels.
    case gray(Image<Gray8>)
    /// Black-and-white pixels: every value is 0 (ink) or 255 (paper).
    case bilevel(Image<Gray8>)

    /// Width in pixels.
    public var width: Int {
        switch self {
        case .color(let image): image.width
        case .gray(let image), .bilevel(let image): image.width
        }
    }

    /// Height in pixels.
    public var height: Int {
        switch self {
        case .color(let image): image.height
        case .gray(let image), .bilevel(let image): image.height
        }
    }

    /// The page as gray pixels (luminance for colour), e.g. for OCR.
    public var grayscale: Image<Gray8> {
        switch self {
        case .color(let image): image.grayscale()
        case .gray(let image), .bilevel(let image): image
        }
    }

    /// The page as colour pixels, e.g. for a preview.
    public var rgb: Image<RGB8> {
        switch self {
        case .color(let image): image
        case .gray(let image), .bilevel(let image): image.rgb()
        }
    }
}

extension PageImage {
    /// The page turned clockwise by `degrees`, a multiple of 90 (negative turns anticlockwise).
    public func rotated(byDegrees degrees: Int) -> PageImage {
        precondition(degrees % 90 == 0, "pages turn in quarter turns")
        func turn<Pixel>(_ image: Image<Pixel>) -> Image<Pixel> {
            switch ((degrees / 90) % 4 + 4) % 4 {
            case 1: image.rotated90Clockwise()
            case 2: image.rotated180()
            case 3: image.rotated90CounterClockwise()
            default: image
            }
        }
        switch self {
        case .color(let image): return .color(turn(image))
        case .gray(let image): return .gray(turn(image))
        case .bilevel(let image): return .bilevel(turn(image))
        }
    }
}

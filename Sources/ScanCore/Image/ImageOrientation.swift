/// How a stored image must be turned to appear upright, numbered as the EXIF/TIFF `Orientation`
/// tag (0x0112) numbers it, 1…8. Names say where the stored image's top row ends up, as in
/// Apple's `CGImagePropertyOrientation`.
///
/// | value | case            | transform that makes it upright        |
/// |-------|-----------------|----------------------------------------|
/// | 1     | `up`            | none                                   |
/// | 2     | `upMirrored`    | flip horizontally                      |
/// | 3     | `down`          | rotate 180°                            |
/// | 4     | `downMirrored`  | flip vertically                        |
/// | 5     | `leftMirrored`  | transpose (mirror across the main diagonal) |
/// | 6     | `right`         | rotate 90° clockwise                   |
/// | 7     | `rightMirrored` | transverse (mirror across the anti-diagonal) |
/// | 8     | `left`          | rotate 90° counter-clockwise           |
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 1: stored upright; nothing to do.
    case up = 1
    /// 2: stored mirrored left to right.
    case upMirrored = 2
    /// 3: stored upside down.
    case down = 3
    /// 4: stored mirrored top to bottom.
    case downMirrored = 4
    /// 5: stored mirrored across the main diagonal.
    case leftMirrored = 5
    /// 6: stored turned 90° counter-clockwise (a phone held upright, home button at the bottom).
    case right = 6
    /// 7: stored mirrored across the anti-diagonal.
    case rightMirrored = 7
    /// 8: stored turned 90° clockwise.
    case left = 8

    /// The EXIF tag value, 1…8.
    public var exifValue: Int { rawValue }

    /// Creates the orientation for an EXIF tag value; nil outside 1…8.
    public init?(exifValue: Int) { self.init(rawValue: exifValue) }

    /// True when making the image upright swaps its width and height (values 5…8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// True when the stored image is a mirror image of the upright one (values 2, 4, 5, 7).
    public var isMirrored: Bool {
        switch self {
        case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
        case .up, .down, .right, .left: false
        }
    }

    /// The size of the upright image for a stored image of `width × height`.
    public func orientedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsDimensions ? (height, width) : (width, height)
    }

    public var description: String {
        switch self {
        case .up: "up (1)"
        case .upMirrored: "up mirrored (2)"
        case .down: "down (3)"
        case .downMirrored: "down mirrored (4)"
        case .leftMirrored: "left mirrored (5)"
        case .right: "right (6)"
        case .rightMirrored: "right mirrored (7)"
        case .left: "left (8)"
        }
    }
}

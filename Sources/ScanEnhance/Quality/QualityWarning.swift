/// A reason a page may scan poorly, raised by ``QualityAnalyzer`` against its thresholds.
public enum QualityWarning: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The page is out of focus or shaken.
    case blurry
    /// The page shows no edge at all: no text, no picture, not even a sharp border.
    case blank
    /// Part of the page is blown out by a reflection.
    case glare
    /// The photo holds too few pixels per inch of paper for crisp text.
    case lowResolution = "low resolution"
    /// The page filled only a small part of the photo.
    case smallInPhoto = "small in photo"

    /// A one-line lowercase message with the fix.
    public var description: String {
        switch self {
        case .blurry: "the page is blurry; hold the camera still and let it focus"
        case .blank: "the page looks blank; check that the camera saw the printed side"
        case .glare: "glare covers part of the page; tilt the page or move the light"
        case .lowResolution: "low resolution; move closer or use a higher camera resolution"
        case .smallInPhoto: "the page fills little of the photo; move closer"
        }
    }
}

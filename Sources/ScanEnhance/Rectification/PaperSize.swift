/// A sheet of paper or a card of known physical size, used to snap an estimated aspect ratio to
/// the real one and to turn a resolution in dots per inch into an output size in pixels.
///
/// Sizes are stored in portrait orientation (`width ≤ height`) in millimetres.
public struct PaperSize: Sendable, Hashable, CustomStringConvertible {
    /// Short lowercase name, as used on the command line ("a4", "letter").
    public var name: String
    /// The shorter side in millimetres.
    public var width: Double
    /// The longer side in millimetres.
    public var height: Double

    /// Creates a paper size; the two sides may be given in either order and are stored with the
    /// shorter one as `width`. Both must be positive.
    public init(name: String, width: Double, height: Double) {
        precondition(width > 0 && height > 0 && width.isFinite && height.isFinite, "paper sides must be positive")
        self.name = name
        self.width = Swift.min(width, height)
        self.height = Swift.max(width, height)
    }

    /// Creates a paper size from sides given in inches.
    public init(name: String, widthInches: Double, heightInches: Double) {
        self.init(name: name, width: widthInches * PaperSize.millimetresPerInch, height: heightInches * PaperSize.millimetresPerInch)
    }

    /// Millimetres in one inch.
    public static let millimetresPerInch = 25.4

    /// ISO 216 A4, 210 × 297 mm.
    public static let a4 = PaperSize(name: "a4", width: 210, height: 297)
    /// ISO 216 A5, 148 × 210 mm (same shape as A4, so never chosen by snapping alone).
    public static let a5 = PaperSize(name: "a5", width: 148, height: 210)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PaperSize(name: "letter", widthInches: 8.5, heightInches: 11)
    /// US Legal, 8.5 × 14 in.
    public static let legal = PaperSize(name: "legal", widthInches: 8.5, heightInches: 14)
    /// ISO/IEC 7810 ID-1 (credit cards, identity cards), 85.60 × 53.98 mm.
    public static let id1 = PaperSize(name: "id-1", width: 53.98, height: 85.60)

    /// The sizes an estimated aspect ratio is snapped to, in order of preference when two are
    /// equally close.
    public static let snappable: [PaperSize] = [.a4, .letter, .legal, .id1]

    /// Every named size, for look-up by name.
    public static let all: [PaperSize] = [.a4, .a5, .letter, .legal, .id1]

    /// The size whose `name` matches, ignoring case; nil when none does.
    public static func named(_ name: String) -> PaperSize? {
        let key = name.lowercased()
        return all.first { $0.name == key }
    }

    /// `width / height` in portrait orientation (≤ 1).
    public var portraitAspectRatio: Double { width / height }

    /// The size in millimetres, portrait or landscape.
    public func size(landscape: Bool) -> (width: Double, height: Double) {
        landscape ? (height, width) : (width, height)
    }

    /// The catalogue size whose shape is closest to `aspectRatio` (width / height, either
    /// orientation), when the relative difference is at most `tolerance`; nil otherwise.
    /// - Parameters:
    ///   - aspectRatio: estimated page width / height, > 0.
    ///   - tolerance: largest accepted relative difference, e.g. 0.03 for 3 %.
    ///   - candidates: the sizes to consider, in order of preference.
    public static func snapping(
        aspectRatio: Double, tolerance: Double, among candidates: [PaperSize] = snappable
    ) -> PaperSize? {
        guard aspectRatio > 0, aspectRatio.isFinite else { return nil }
        let portrait = aspectRatio > 1 ? 1 / aspectRatio : aspectRatio
        var best: (paper: PaperSize, difference: Double)?
        for paper in candidates {
            let difference = abs(portrait / paper.portraitAspectRatio - 1)
            if difference <= tolerance, difference < (best?.difference ?? .infinity) {
                best = (paper, difference)
            }
        }
        return best?.paper
    }

    public var description: String {
        "\(name) (\(width)×\(height) mm)"
    }
}

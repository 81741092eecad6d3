/// How big a page is, in PDF points (1/72 inch).
public enum PDFPageSize: Sendable, Hashable {
    /// The page is exactly the image at this resolution: pixels ÷ dpi × 72 pt, so a 2480×3508 px scan
    /// at 300 dpi is 595.2×841.92 pt (A4).
    case dpi(Double)
    /// A fixed page; the image is scaled to fit inside it, keeping its aspect ratio, and centred.
    case points(width: Double, height: Double)

    /// ISO A4, 210×297 mm.
    public static let a4 = PDFPageSize.points(width: 595.28, height: 841.89)
    /// US Letter, 8.5×11 in.
    public static let letter = PDFPageSize.points(width: 612, height: 792)

    /// Points per inch in PDF user space.
    public static let pointsPerInch = 72.0
    /// The smallest page side PDF viewers accept, in points.
    public static let minimumSide = 3.0
    /// The largest page side PDF viewers accept (Acrobat's implementation limit), in points.
    public static let maximumSide = 14_400.0
}

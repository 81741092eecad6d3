import ScanEnhance

/// How pages look: colour kept, or reduced to gray.
public enum ColorMode: String, Sendable, CaseIterable {
    /// The rectified photo's colours.
    case color
    /// Luminance only; smaller files.
    case gray
}

/// Everything a scan job can be told, with the defaults `flatbed scan` uses.
public struct ScanOptions: Sendable {
    /// Colour or gray pages.
    public var colorMode: ColorMode = .color
    /// Output resolution in dots per inch; nil renders at the resolution the photo really holds
    /// (never upscaled), capped at `maximumAutomaticDPI`.
    public var dpi: Double?
    /// Highest resolution chosen automatically when `dpi` is nil: more adds file size, not detail.
    public var maximumAutomaticDPI: Double = 300
    /// The page's physical shape.
    public var pageSize: PageSizeChoice = .auto
    /// JPEG quality of the pages, 1…100: higher is sharper and larger.
    public var jpegQuality: Int = 85
    /// Worker threads; nil uses one per core.
    public var threads: Int?
    /// Title stored in a PDF; nil uses the output's file name.
    public var title: String?
    /// Largest photo accepted, in pixels, checked from the file's header before decoding.
    public var maximumPixelCount: Int = 100_000_000

    /// The defaults.
    public init() {}
}

/// The page's physical shape, as `ScanOptions.pageSize` takes it.
public typealias PageSizeChoice = ScanEnhance.PageSizeChoice

extension PageSizeChoice {
    /// The values `--page-size` accepts.
    public static let arguments = ["auto", "a4", "letter", "legal", "id-1", "fit"]
}

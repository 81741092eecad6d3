import ScanCodecs
import ScanEnhance
import ScanOCR

/// How pages look: `color`, `gray`, `bw`, `photo` or `auto` (see `EnhanceMode`).
public typealias ColorMode = EnhanceMode

/// Everything a scan job can be told, with the defaults `flatbed scan` uses.
public struct ScanOptions: Sendable {
    /// Enhancement: colour mode, black-and-white bias, automatic rotation and deskew.
    public var enhancement = PageEnhancer.Options(mode: .color)
    /// The colour mode, a shortcut for `enhancement.mode`.
    public var colorMode: ColorMode {
        get { enhancement.mode }
        set { enhancement.mode = newValue }
    }
    /// Clockwise turn in degrees (0, 90, 180, 270) applied after automatic orientation: a
    /// person's own correction.
    public var rotation: Int = 0
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
    /// Smallest width and height a photo may have, in pixels: anything smaller cannot hold a
    /// readable page (a 1×1 icon, a thumbnail saved by mistake). Higher: refuses more thumbnails;
    /// lower: lets through pages nobody can read.
    public var minimumPhotoSide: Int = 16
    /// Recognise each page's text (an invisible text layer in PDFs); nil for no OCR.
    public var ocr: OCROptions?
    /// With OCR, also write the pages' plain text to a `.txt` beside the output (form feed between pages).
    public var sidecar: Bool = false
    /// Compression of gray and colour pages in TIFF output (bilevel pages are always CCITT G4).
    public var tiffCompression: TIFFPageWriter.Compression = .jpeg

    /// The defaults.
    public init() {}
}

/// The page's physical shape, as `ScanOptions.pageSize` takes it.
public typealias PageSizeChoice = ScanEnhance.PageSizeChoice

extension PageSizeChoice {
    /// The values `--page-size` accepts.
    public static let arguments = ["auto", "a4", "letter", "legal", "id-1", "fit"]
}

extension PageEnhancer {
    /// What the enhancer does and its tuning, grouped by stage.
    public struct Options: Sendable, Hashable {
        /// The rendering mode.
        public var mode: EnhanceMode = .auto
        /// Black-and-white bias in −1…1: negative lighter (thin strokes, cleaner paper), positive darker
        /// (bolder strokes, faint text kept). Used by `bw` (and `auto` when it picks `bw`).
        public var bwBias: Double = 0
        /// Turn pages upright by quarter turns from their text.
        public var autoRotate: Bool = true
        /// Straighten small residual tilts of the text lines.
        public var deskew: Bool = true
        /// Largest tilt straightened, in degrees; larger tilts are left alone.
        public var maximumDeskewDegrees: Double = 5
        /// Tilts smaller than this, in degrees, are not worth resampling the page for.
        public var minimumDeskewDegrees: Double = 0.1
        /// Colour saturation factor in `color` mode (1 keeps colours as normalised). Higher: livelier, garish past ~1.4.
        public var colorSaturation: Double = 1.2
        /// `auto`: a pixel is colourful when its channels (normalised) span at least this many levels.
        public var autoColorfulSpan: Int = 60
        /// `auto`: picks `color` when more than this fraction of the page is colourful.
        public var autoColorFraction: Double = 0.003
        /// `auto`: picks `gray` over `bw` when more than this fraction of the page is pictures or
        /// shaded areas rather than paper and text.
        public var autoPictureFraction: Double = 0.04
        /// `bw`: turn dark slivers along the page's edges (table, rim shadow) into paper.
        public var cleanBorders: Bool = true
        /// Maximum number of threads; `nil` uses every core.
        public var threads: Int?
        /// Illumination normalisation tuning.
        public var illumination = IlluminationNormalizer.Options()
        /// Black-and-white threshold tuning (its `bias` is replaced by ``bwBias``).
        public var binarization = Binarizer.Options()
        /// Orientation and skew detection tuning (its `maximumSkewDegrees` is replaced by ``maximumDeskewDegrees``).
        public var orientation = OrientationDetector.Options()
        /// Border cleaning tuning for `bw`.
        public var borders = BorderCleaner.Options()
        /// Quality measurement thresholds.
        public var quality = QualityAnalyzer.Options()

        /// The defaults: `auto` mode, rotation and deskew on.
        public init() {}

        /// Defaults with the given mode.
        public init(mode: EnhanceMode) {
            self.mode = mode
        }
    }
}

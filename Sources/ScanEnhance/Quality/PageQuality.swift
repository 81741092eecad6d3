/// How well a page was captured, with the warnings its values raise.
public struct PageQuality: Sendable, Hashable {
    /// Edge sharpness in 0…1: the steepest fraction of an edge's contrast crossed in one pixel at
    /// ~1000 px on the long side. Crisp print scores ≈ 0.5 or more, a defocused photo ≈ 0.2 or less.
    public var sharpness: Double
    /// Fraction (0…1) of the page blown out by reflections: saturated and brighter than its paper.
    public var glare: Double
    /// Page area over photo area (0…1), when the caller gave it.
    public var coverage: Double?
    /// Photo pixels per inch of paper, when the caller gave it.
    public var effectiveDPI: Double?
    /// What the values above fall short on, in ``QualityWarning/allCases`` order.
    public var warnings: [QualityWarning]

    /// Creates a report.
    public init(sharpness: Double, glare: Double, coverage: Double?, effectiveDPI: Double?, warnings: [QualityWarning]) {
        self.sharpness = sharpness
        self.glare = glare
        self.coverage = coverage
        self.effectiveDPI = effectiveDPI
        self.warnings = warnings
    }
}

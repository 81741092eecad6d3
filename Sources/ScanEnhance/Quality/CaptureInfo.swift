/// What the caller knows about how the page was photographed, for the quality report.
public struct CaptureInfo: Sendable, Hashable {
    /// Page area divided by photo area (0…1), e.g. the detected quad's area over the image's.
    public var coverage: Double?
    /// Pixels of the photo per inch of paper along the page's short side, e.g. from the quad and the page size.
    public var effectiveDPI: Double?

    /// Creates capture facts; `nil` means unknown.
    public init(coverage: Double? = nil, effectiveDPI: Double? = nil) {
        self.coverage = coverage
        self.effectiveDPI = effectiveDPI
    }
}

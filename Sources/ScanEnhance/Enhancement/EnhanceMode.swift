/// How a page is rendered: the `--mode` of `flatbed scan`.
public enum EnhanceMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Lighting removed, paper white, colours kept and slightly boosted.
    case color
    /// Lighting removed, paper white, gray levels.
    case gray
    /// Lighting removed, then an adaptive threshold: pure black ink on white paper.
    case bw
    /// The rectified photo as it is (only turned upright and straightened).
    case photo
    /// `color` when the page has real colour content, `gray` when it holds photos or shaded
    /// areas, `bw` when it is text and line art only.
    case auto

    /// The mode's name as typed on the command line.
    public var description: String { rawValue }
}

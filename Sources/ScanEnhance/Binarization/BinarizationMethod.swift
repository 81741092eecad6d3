/// How the black-and-white threshold is chosen for each pixel.
public enum BinarizationMethod: String, Sendable, CaseIterable {
    /// Sauvola: `T = m · (1 + k · (s / R − 1))` from the local mean m and deviation s.
    case sauvola
    /// Wolf–Jolion: `T = (1 − k) m + k M + k (s / R)(m − M)`, with M the darkest pixel and R the
    /// largest local deviation of the page; adapts to low-contrast pages.
    case wolfJolion
    /// Otsu's single global threshold: right for evenly lit pages only.
    case otsu
    /// The local mean minus a fixed offset.
    case localMean
}

/// A quad hypothesis in working coordinates with the evidence gathered for it.
struct ScoredQuad {
    /// Corner coordinates in clockwise screen order (working pixels, corner origin); side k runs
    /// from corner k to corner k + 1.
    var x: SIMD4<Double>
    var y: SIMD4<Double>
    /// Indices of the lines the four sides lie on.
    var lines: SIMD4<Int32>
    /// Per side: steps backed by edges of one polarity, length inside the frame, total length.
    var supported: SIMD4<Double>
    var insideLength: SIMD4<Double>
    var totalLength: SIMD4<Double>
    /// Per side: fraction of the line just beyond its two corners that edges back (0 for a
    /// side that stops at its corners, as a page's does).
    var overshoot: SIMD4<Double>
    /// Ranking score in working pixels: supported length minus unsupported length.
    var score: Double
    /// Verification cues: fraction of the observed outline backed by edges, and fraction of
    /// probes showing a consistent surface step across the sides.
    var support: Double = 0
    var step: Double = 0
    /// How much the margin's brightness looks like paper (0…1).
    var paper: Double = 0
    /// Confidence in [0, 1], set when the hypothesis is verified.
    var confidence: Double = 0
}

import ScanCore
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Turns a hypothesis' evidence into a confidence in [0, 1] from two independent cues:
/// how much of its outline edges back (from the line profiles), and whether each side is a
/// step between two different surfaces — the colour a little inside differs from the colour a
/// little outside, the same way all along — which a cable, a text line or a tile joint is not.
struct HypothesisVerifier {
    let planes: ColorPlanes
    /// Distance (working pixels) from the side at which inside and outside are sampled.
    let probeOffset: Double
    /// Smallest colour step (grey levels, Euclidean over RGB) that counts as a surface change.
    let minimumStep: Double
    /// Confidence multiplier per side lying on the frame border (unobserved).
    let borderSidePenalty: Double
    /// Brightness of the scene's light surfaces: the 90th percentile of the working image's
    /// luminance. Paper reflects most of the light that falls on it, so a page's margin is among
    /// the light surfaces; a screen, a tablet or a dark book cover is not.
    let brightReference: Double
    /// Margin-to-reference brightness ratios over which the paper cue rises from 0 to 1.
    let paperRatio: ClosedRange<Double>
    /// Margin luminances (0…255) over which the paper cue rises from 0 to 1.
    let paperLuminance: ClosedRange<Double>

    /// The 90th percentile of luminance (Rec. 601 weights) of the working planes.
    static func brightReference(of planes: ColorPlanes) -> Double {
        var histogram = [Int](repeating: 0, count: 256)
        let count = planes.width * planes.height
        var i = 0
        while i < count {
            let l = 0.299 * planes.red[i] + 0.587 * planes.green[i] + 0.114 * planes.blue[i]
            histogram[max(0, min(255, Int(l)))] += 1
            i += 7  // a sparse sample is plenty for a percentile
        }
        let total = histogram.reduce(0, +)
        var seen = 0
        for (level, n) in histogram.enumerated() {
            seen += n
            if seen * 10 >= total * 9 { return Double(max(level, 1)) }
        }
        return 255
    }

    func verify(_ quad: ScoredQuad, lines: [DetectedLine]) -> ScoredQuad {
        verify(quad, lines: lines) { p, q, margins in stepConsistency(from: p, to: q, insideLuminance: &margins) }
    }

    /// `verify(_:lines:)` with each side's step consistency from `measure`, which returns what
    /// `stepConsistency` does and appends the same luminances.
    func verify(_ quad: ScoredQuad, lines: [DetectedLine],
                measure: (_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ margins: inout [Double]) -> Double)
        -> ScoredQuad {
        var q = quad
        var supported = 0.0, length = 0.0, stepWeighted = 0.0, stepLength = 0.0
        var borders = 0
        var overshoot = 0.0
        var margins: [Double] = []
        for k in 0..<4 {
            if lines[Int(quad.lines[k])].isFrameBorder {
                borders += 1
                continue
            }
            supported += quad.supported[k]
            overshoot += quad.overshoot[k]
            length += quad.insideLength[k] + 0.5 * (quad.totalLength[k] - quad.insideLength[k])
            let step = measure((quad.x[k], quad.y[k]), (quad.x[(k + 1) % 4], quad.y[(k + 1) % 4]), &margins)
            stepWeighted += step * quad.insideLength[k]
            stepLength += quad.insideLength[k]
        }
        let support = length > 0 ? supported / length : 0
        let step = stepLength > 0 ? stepWeighted / stepLength : 0
        let paper = cardShape.matches(x: quad.x, y: quad.y) ? 1 : paperLikeness(ofMargins: margins)
        q.support = support
        q.step = step
        q.paper = paper
        let endsCleanly = 1 - overshoot / Double(max(1, 4 - borders))
        q.confidence = max(0, min(1, (support * step).squareRoot() * paper * endsCleanly * pow(borderSidePenalty, Double(borders))))
        return q
    }

    /// How much a margin looks like paper (0…1), from the luminances sampled just inside its
    /// sides (0 for none): see `paperLikeness(ofMargin:)`.
    func paperLikeness(ofMargins margins: [Double]) -> Double {
        margins.isEmpty ? 0 : paperLikeness(ofMargin: Self.median(ofMargins: margins))
    }

    /// The median of the luminances sampled just inside a hypothesis' sides (its margin).
    static func median(ofMargins margins: [Double]) -> Double {
        margins.levelOrderStatistic(margins.count / 2)
    }

    /// How much a margin of median luminance `margin` looks like paper (0…1): the median is
    /// among the scene's light surfaces, and light in absolute terms too.
    func paperLikeness(ofMargin margin: Double) -> Double {
        let relative = (margin / brightReference - paperRatio.lowerBound) / (paperRatio.upperBound - paperRatio.lowerBound)
        // Auto-exposure puts paper, usually the lightest large surface, well above black even in a
        // dark scene, where the relative cue alone would accept a screen.
        let absolute = (margin - paperLuminance.lowerBound) / (paperLuminance.upperBound - paperLuminance.lowerBound)
        return max(0, min(1, min(relative, absolute)))
    }

    /// The ID-1 card test for outlines in this working image.
    var cardShape: CardShape { CardShape(planes: planes) }

    /// Fraction of probes along a side where inside and outside differ by at least
    /// `minimumStep` in the side's dominant colour direction; appends the luminance just inside
    /// at each probe to `insideLuminance`.
    func stepConsistency(from p: (x: Double, y: Double), to q: (x: Double, y: Double),
                         insideLuminance: inout [Double]) -> Double {
        let dx = q.x - p.x, dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 4 else { return 0 }
        let ux = dx / length, uy = dy / length
        // Clockwise on screen: the inside is to the right of the direction of travel.
        let inX = -uy, inY = ux
        let count = max(4, min(HypothesisVerifier.maximumProbes, Int(length / 2)))
        let w = planes.width, h = planes.height
        let limitX = Double(w), limitY = Double(h)
        return planes.red.withUnsafeBufferPointer { red in
            planes.green.withUnsafeBufferPointer { green in
                planes.blue.withUnsafeBufferPointer { blue in
                    // Each probe's colour step, inside minus outside, gathered once for both passes
                    // (mean step direction, then agreement with it).
                    withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: count) { steps in
                        var mean = SIMD4<Float>.zero
                        var valid = 0
                        insideLuminance.reserveCapacity(insideLuminance.count + count)
                        for i in 0..<count {
                            let t = length * (0.1 + 0.8 * (Double(i) + 0.5) / Double(count))
                            let bx = p.x + ux * t, by = p.y + uy * t
                            // Pixel coordinates by truncation, checked in floating point first: a
                            // point in [0, limit) truncates to its pixel, anything else is off the frame.
                            let ix = bx + inX * probeOffset, iy = by + inY * probeOffset
                            let ox = bx - inX * probeOffset, oy = by - inY * probeOffset
                            guard ix >= 0, iy >= 0, ox >= 0, oy >= 0, ix < limitX, iy < limitY, ox < limitX, oy < limitY
                            else { continue }
                            // In the frame, so the indices wrap rather than being checked.
                            let a = Int(iy) &* w &+ Int(ix), b = Int(oy) &* w &+ Int(ox)
                            let inside = SIMD4<Float>(red[a], green[a], blue[a], 0)
                            let step = inside - SIMD4<Float>(red[b], green[b], blue[b], 0)
                            steps[valid] = step
                            valid &+= 1
                            mean += step
                            insideLuminance.append(Double(0.299 * inside.x + 0.587 * inside.y + 0.114 * inside.z))
                        }
                        guard valid > 0 else { return 0 }
                        // Sums written out in the order x, y, z, so the rounding is the same everywhere.
                        let norm = (mean.x * mean.x + mean.y * mean.y + mean.z * mean.z).squareRoot()
                        guard norm > 0 else { return 0 }
                        let direction = mean / norm
                        let threshold = Float(minimumStep)
                        var consistent = 0
                        for i in 0..<valid {
                            let d = steps[i]
                            if d.x * direction.x + d.y * direction.y + d.z * direction.z >= threshold { consistent += 1 }
                        }
                        return Double(consistent) / Double(count)
                    }
                }
            }
        }
    }

    /// Most probes along one side.
    static let maximumProbes = 64
}

func cosDegrees(_ d: Double) -> Double { cos(d * .pi / 180) }

extension HypothesisVerifier {
    /// Distance (working pixels) from a side at which the detector samples inside and outside.
    static let sideProbeOffset = 2.5

    /// The verifier the detector uses: on `stages`' working planes, with `options`' constants.
    init(stages: LineStages, options: DetectionOptions) {
        self.init(planes: stages.planes, probeOffset: Self.sideProbeOffset, minimumStep: options.minimumSurfaceStep,
                  borderSidePenalty: options.borderSidePenalty, brightReference: stages.brightReference,
                  paperRatio: options.paperBrightnessRatio, paperLuminance: options.paperLuminance)
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension HypothesisVerifier {
    /// Confidence in [0, 1] that a light region is a page: its outline is a consistent surface
    /// step on every side seen (as for line hypotheses), its margin looks like paper, and the
    /// region is solid and quad-shaped (a blob, a tiled floor's light cells merged together or
    /// an L-shaped bezel is not).
    func confidence(of region: RegionCandidates.Region) -> Double {
        var margins: [Double] = []
        var stepSum = 0.0, seen = 0
        var borders = 0
        let w = Double(planes.width), h = Double(planes.height)
        for k in 0..<4 {
            let p = (x: region.x[k], y: region.y[k]), q = (x: region.x[(k + 1) % 4], y: region.y[(k + 1) % 4])
            if WorkingQuad.isOnFrameBorder(p, q, width: w, height: h, within: RegionCandidates.borderTolerance) {
                borders += 1
                continue
            }
            stepSum += stepConsistency(from: p, to: q, insideLuminance: &margins)
            seen += 1
        }
        guard seen >= 2 else { return 0 }
        let step = stepSum / Double(seen)
        let paper = paperLikeness(ofMargins: margins)
        return max(0, min(1, (step * shape(of: region)).squareRoot() * paper * pow(borderSidePenalty, Double(borders))))
    }

    /// How solid and quad-shaped (0…1) a region is; a region of shape 0 has confidence 0.
    func shape(of region: RegionCandidates.Region) -> Double {
        ramp(region.quadFill, 0.8, 0.92) * ramp(region.solidity, 0.6, 0.85)
    }

    private func ramp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        max(0, min(1, (v - lo) / (hi - lo)))
    }
}

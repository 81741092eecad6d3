#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Turns a ranked hypothesis' evidence into a confidence in [0, 1].
struct HypothesisVerifier {
    let planes: ColorPlanes

    func verify(_ quad: ScoredQuad) -> ScoredQuad {
        var q = quad
        let fraction = quad.supportFraction
        var minimumSide = 1.0
        for k in 0..<4 where quad.insideLength[k] > 0 {
            minimumSide = min(minimumSide, quad.supported[k] / quad.totalLength[k])
        }
        q.confidence = min(1, max(0, fraction))
        _ = minimumSide
        return q
    }
}

func cosDegrees(_ d: Double) -> Double { cos(d * .pi / 180) }

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A logistic model over standardised features: `1 / (1 + exp(−(w · (x − mean) / scale + bias)))`.
struct LogisticModel {
    let mean: [Double]
    let scale: [Double]
    let weights: [Double]
    let bias: Double

    func probability(_ x: [Double]) -> Double {
        var z = bias
        for i in 0..<min(x.count, weights.count) {
            z += weights[i] * (x[i] - mean[i]) / scale[i]
        }
        return 1 / (1 + exp(-z))
    }
}

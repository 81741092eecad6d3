/// Fills the holes of a plane from their surroundings by push–pull interpolation: a pyramid of
/// weighted 2×2 averages is built until every cell has support, then coarser levels are blended
/// back into cells with little weight. Holes take a smooth blend of the nearest valid values,
/// however large they are.
enum PushPullFill {
    /// Returns `plane` with every value whose weight is below 1 blended towards the values around it.
    /// - Parameters:
    ///   - plane: the values; those with zero weight are ignored.
    ///   - weights: one weight per value in 0…1 (1 trusted, 0 a hole).
    static func fill(_ plane: Plane, weights: [Float]) -> Plane {
        precondition(weights.count == plane.values.count, "weights must match the plane")
        guard plane.width > 1 || plane.height > 1 else { return plane }
        // Push: premultiplied values and weights, halved until 1×1.
        var levels: [(values: Plane, weights: Plane)] = []
        var values = Plane(width: plane.width, height: plane.height, values: zip(plane.values, weights).map { $0 * $1 })
        var weight = Plane(width: plane.width, height: plane.height, values: weights)
        levels.append((values, weight))
        while values.width > 1 || values.height > 1 {
            let w = (values.width + 1) / 2, h = (values.height + 1) / 2
            var nextValues = Plane(width: w, height: h), nextWeights = Plane(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    var sum: Float = 0, total: Float = 0
                    for dy in 0..<2 {
                        for dx in 0..<2 {
                            let sx = 2 * x + dx, sy = 2 * y + dy
                            guard sx < values.width, sy < values.height else { continue }
                            sum += values.values[sy * values.width + sx]
                            total += weight.values[sy * values.width + sx]
                        }
                    }
                    // Normalise so a cell with any support counts as fully known one level up.
                    let scale: Float = total > 1 ? 1 / total : 1
                    nextValues.values[y * w + x] = sum * scale
                    nextWeights.values[y * w + x] = min(1, total)
                }
            }
            values = nextValues
            weight = nextWeights
            levels.append((values, weight))
        }
        // Pull: from the coarsest level down, complete each level with the one above.
        var above = levels[levels.count - 1].values
        let topWeight = levels[levels.count - 1].weights.values[0]
        if topWeight > 0 { above.values[0] /= topWeight }
        for index in stride(from: levels.count - 2, through: 0, by: -1) {
            let level = levels[index]
            var completed = Plane(width: level.values.width, height: level.values.height)
            for y in 0..<completed.height {
                for x in 0..<completed.width {
                    let i = y * completed.width + x
                    let w = level.weights.values[i]
                    let coarse = above.sample(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                    // Values are premultiplied by their weight, so this is value·w + coarse·(1 − w).
                    completed.values[i] = level.values.values[i] + coarse * (1 - w)
                }
            }
            above = completed
        }
        return above
    }
}

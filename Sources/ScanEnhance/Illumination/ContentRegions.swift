/// Tells printed dark regions (pictures, filled boxes, the table at a crop's edge) from shade on
/// the background grid: connected regions darker than the coarse paper level are content when
/// most of their border is a sharp step, and shade (to be divided out) when it is a soft ramp.
struct ContentRegions {
    /// Relative depth (1 − level / coarse paper level) above which a cell is a candidate.
    var candidateDepth: Float
    /// Border steepness (drop per cell over the region's depth) above which a border cell is sharp.
    var steepness: Float
    /// Regions with fewer cells are ignored.
    var minimumArea: Int

    /// Sets `weights` to 0 on every cell of every content region.
    /// - Parameter depth: per cell, 1 − closed luminance / coarse luminance (≥ 0 darker than paper).
    func markContent(depth: Plane, in weights: inout Plane) {
        let w = depth.width, h = depth.height
        var label = [Int32](repeating: -1, count: w * h)
        var queue: [Int] = []
        var members: [Int] = []
        for seed in 0..<(w * h) where label[seed] < 0 && depth.values[seed] > candidateDepth {
            // Flood fill one region (4-connected).
            members.removeAll(keepingCapacity: true)
            queue.removeAll(keepingCapacity: true)
            queue.append(seed)
            label[seed] = 1
            var deepest: Float = 0
            while let i = queue.popLast() {
                members.append(i)
                deepest = max(deepest, depth.values[i])
                let x = i % w, y = i / w
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let j = ny * w + nx
                    if label[j] < 0 && depth.values[j] > candidateDepth {
                        label[j] = 1
                        queue.append(j)
                    }
                }
            }
            guard members.count >= minimumArea, deepest > 0 else { continue }
            // Border cells: in the region with a neighbour outside it. Sharp when the largest step to
            // a neighbour within two cells is a large part of the region's depth.
            var border = 0, sharp = 0
            for i in members {
                let x = i % w, y = i / w
                var isBorder = false
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    if depth.values[ny * w + nx] <= candidateDepth { isBorder = true }
                }
                guard isBorder else { continue }
                border += 1
                var step: Float = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                        step = max(step, abs(depth.values[i] - depth.values[ny * w + nx]))
                    }
                }
                if step >= steepness * deepest { sharp += 1 }
            }
            guard border > 0, sharp * 2 >= border else { continue }
            for i in members { weights.values[i] = 0 }
        }
    }
}

extension ColorPlanes {
    /// Distance (working pixels) inside a side at which its margin's colour is read.
    static let marginOffset = 4.0

    /// Calls `body` with the index of each working pixel of a side's margin: points `offset`
    /// (by default `marginOffset`) inside the side of `length` from `p` along the unit direction
    /// `u` (the inside to the right of travel, clockwise on screen; a negative offset reads
    /// outside), one every 4 pixels up to 32, over the middle 80 % so the corners (cut, rounded
    /// or under a finger) are left out. Points off the frame are skipped.
    func forEachMarginPixel(from p: (x: Double, y: Double), direction u: (Double, Double), length: Double,
                            offset: Double = marginOffset, _ body: (Int) -> Void) {
        let inX = -u.1, inY = u.0
        let count = max(4, min(32, Int(length / 4)))
        for i in 0..<count {
            let t = length * (0.1 + 0.8 * (Double(i) + 0.5) / Double(count))
            let px = Int(p.x + u.0 * t + inX * offset), py = Int(p.y + u.1 * t + inY * offset)
            if px < 0 || py < 0 || px >= width || py >= height { continue }
            body(py * width + px)
        }
    }
}

extension ColorPlanes {
    /// The colour of the working pixel under (x, y), nil off the frame.
    func colour(atX x: Double, y: Double) -> SIMD3<Float>? {
        guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return nil }
        let i = Int(y) * width + Int(x)
        return SIMD3(red[i], green[i], blue[i])
    }

    /// The largest difference between two colours over R, G and B (grey levels).
    static func difference(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Double {
        let d: SIMD3<Float> = a - b
        return Double(max(abs(d.x), abs(d.y), abs(d.z)))
    }
}

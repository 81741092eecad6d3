extension PageEvidence {
    /// Distance (working pixels) on either side of a side at which the seam cue reads the two
    /// surfaces the side separates: past a tile joint or a plank's seam (2–4 working pixels
    /// wide), short of the next one.
    static let seamReach = 9.0
    /// Distances (working pixels) across a side, inside positive, at which the seam cue looks for
    /// a thin line: it may lie just inside the side, just outside it, or straddle it.
    static let seamBand: [Double] = [-4, -3, -2, -1, 0, 1, 2, 3, 4]
    /// Least difference (grey levels, largest over R, G, B) between the band and the surface
    /// inside for a probe to count: a step or a line, not flat surface.
    static let seamContrast = 8.0
    /// A probe is a seam when the surfaces on either side differ by less than this share of the
    /// band's difference from the inside.
    static let seamLikeness = 0.4
    /// Probes per side, spread over its middle 80 %.
    static let seamProbes = 24

    /// Share of the observed outline that is a seam rather than a border (0…1, the mean over
    /// observed sides of each side's share of probes): where the surfaces on either side of a side
    /// are alike and only a thin band along it differs, the side is a line on a surface (a tile
    /// joint, a plank's seam, a printed rule), and the outline is drawn on that surface rather than
    /// cut out of it. A sheet's border is a step to another surface.
    func seamShare(x: SIMD4<Double>, y: SIMD4<Double>) -> Double {
        var total = 0.0, sides = 0
        for (_, p, q, inX, inY) in observedSides(x: x, y: y) {
            var seams = 0, probes = 0
            for i in 0..<Self.seamProbes {
                let s = 0.1 + 0.8 * Double(i) / Double(Self.seamProbes - 1)
                guard let seam = isSeam(atX: p.x + (q.x - p.x) * s, y: p.y + (q.y - p.y) * s, across: (inX, inY))
                else { continue }
                probes += 1
                if seam { seams += 1 }
            }
            if probes > 0 {
                total += Double(seams) / Double(probes)
                sides += 1
            }
        }
        return sides > 0 ? total / Double(sides) : 0
    }

    /// At the point (`x`, `y`) on a line with unit normal `normal`: whether the line is a seam,
    /// the surfaces `seamReach` away on either side alike and only a thin band across it
    /// (`seamBand`) different; nil where no band differs from the surface on the normal's side by
    /// `seamContrast` (flat surface, nothing to tell), or a sample leaves the frame.
    func isSeam(atX x: Double, y: Double, across normal: (x: Double, y: Double)) -> Bool? {
        let colour = planes.colour(atX:y:), difference = ColorPlanes.difference
        guard let one = colour(x + normal.x * Self.seamReach, y + normal.y * Self.seamReach),
              let other = colour(x - normal.x * Self.seamReach, y - normal.y * Self.seamReach) else { return nil }
        var contrast = 0.0
        for d in Self.seamBand {
            if let band = colour(x + normal.x * d, y + normal.y * d) { contrast = max(contrast, difference(band, one)) }
        }
        guard contrast >= Self.seamContrast else { return nil }
        return difference(one, other) < Self.seamLikeness * contrast
    }
}

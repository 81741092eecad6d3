#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Joins collinear segments into lines — a page border interrupted by a finger, a cable or a
/// change of background is one line — and keeps the lines with the longest continuous support.
struct LineGrouper {
    /// Largest angle between two segments of one line (radians).
    let angleTolerance: Double
    /// Largest distance of a segment's ends from the line it joins (working pixels).
    let distanceTolerance: Double
    /// Lines closer than this in angle (cosine) and offset (working pixels) to a better-ranked
    /// line are its duplicates.
    let cosDuplicateAngle = cos(2.5 * Double.pi / 180)
    let duplicateDistance = 3.0

    func lines(from segments: [LineSegment], edges: EdgeMap, gradient: GradientField, cosTolerance: Float,
               minimumSupport: Int, maximumLines: Int) -> [DetectedLine] {
        // Longest first, ties in the order found (as a stable sort leaves them): the keys sort
        // faster than the segments themselves, which are twelve numbers each.
        var keys = segments.indices.map { (length: segments[$0].length, index: $0) }
        keys.sort { $0.length != $1.length ? $0.length > $1.length : $0.index < $1.index }
        let sorted = keys.lazy.map { segments[$0.index] }
        var groups: [LineSegment] = []
        var pixelCounts: [Double] = []
        let cosAngle = cos(angleTolerance)
        for s in sorted {
            let ex = -s.ny * s.length / 2, ey = s.nx * s.length / 2
            var joined = false
            for g in 0..<groups.count {
                let line = groups[g]
                if abs(line.nx * s.nx + line.ny * s.ny) < cosAngle { continue }
                if abs(line.distance(x: s.cx + ex, y: s.cy + ey)) > distanceTolerance
                    || abs(line.distance(x: s.cx - ex, y: s.cy - ey)) > distanceTolerance { continue }
                var aligned = s
                if line.nx * s.nx + line.ny * s.ny < 0 { aligned.nx = -s.nx; aligned.ny = -s.ny }
                groups[g] = line.merged(with: aligned)
                pixelCounts[g] += s.count
                joined = true
                break
            }
            if !joined {
                groups.append(s)
                pixelCounts.append(s.count)
            }
        }
        // Profile the best-backed groups and rank them by their longest continuous stretch.
        let order = groups.indices.sorted { pixelCounts[$0] > pixelCounts[$1] }
        var ranked: [(line: DetectedLine, score: Int)] = []
        for g in order.prefix(maximumLines + maximumLines / 2) {
            let s = groups[g]
            let line = DetectedLine(theta: atan2(s.ny, s.nx), rho: s.nx * s.cx + s.ny * s.cy, votes: Int(pixelCounts[g]),
                                    edges: edges, gradient: gradient, cosTolerance: cosTolerance)
            let score = line.bestSegmentScore
            if score >= minimumSupport { ranked.append((line, score)) }
        }
        ranked.sort { $0.score > $1.score }
        // Non-maximum suppression: a border often yields two or three near-copies of one line
        // (a blurred step, a shadowed rim), which would crowd weaker real borders out of the list.
        var kept: [DetectedLine] = []
        for (line, _) in ranked where kept.count < maximumLines {
            let duplicate = kept.contains { k in
                let c = k.nx * line.nx + k.ny * line.ny
                guard abs(c) >= cosDuplicateAngle else { return false }
                return abs(k.rho - (c >= 0 ? line.rho : -line.rho)) <= duplicateDistance
            }
            if !duplicate { kept.append(line) }
        }
        return kept
            + (0..<4).map { DetectedLine.frameBorder($0, width: edges.width, height: edges.height, edges: edges, gradient: gradient) }
    }
}

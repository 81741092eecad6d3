#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A straight run of edge pixels whose gradients agree, fitted by its moments.
struct LineSegment {
    /// Centroid (working pixels, corner origin).
    var cx: Double, cy: Double
    /// Unit normal, pointing along the mean gradient (towards the brighter side).
    var nx: Double, ny: Double
    /// Extent along the segment, and its spread across it (pixels).
    var length: Double
    var width: Double
    /// Number of edge pixels and their moment sums, so segments can be merged exactly.
    var count: Double
    var sx: Double, sy: Double, sxx: Double, syy: Double, sxy: Double
}

/// Line-support regions in the style of LSD (von Gioi et al., IPOL 2012), grown over the thin
/// edge map: neighbouring edge pixels join a region while their gradient direction stays within
/// a tolerance of the region's mean direction. A page border gives long, thin regions; texture,
/// noise and curved cables give short or fat ones, which are dropped.
struct SegmentDetector {
    /// Largest angle between a pixel's gradient and the region's mean direction (radians).
    let angleTolerance: Double
    /// Shortest segment kept (working pixels).
    let minimumLength: Double
    /// Widest spread across a segment (pixels, twice the RMS distance from its axis).
    let maximumWidth: Double
    /// Widest spread across a long segment as a fraction of its length, where that exceeds
    /// `maximumWidth` (a long paper edge bows a little).
    var maximumBend = 0.0

    func segments(edges: EdgeMap, gradient: GradientField) -> [LineSegment] {
        let w = edges.width, h = edges.height
        // Edge pixels not yet in a region: one byte tells both, so a neighbour costs one load.
        var available = edges.isEdge
        let cosTolerance = cos(angleTolerance)
        return gradient.gx.withUnsafeBufferPointer { gxp in
            gradient.gy.withUnsafeBufferPointer { gyp in
                gradient.magnitude.withUnsafeBufferPointer { mp in
                    available.withUnsafeMutableBufferPointer { a in
                        // The region being grown, in the order its pixels joined. A plain buffer
                        // (each edge pixel joins one region at most once, so the edge count bounds
                        // it): an array captured by `visit` had every append checked for
                        // exclusive access at run time.
                        let region = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, edges.pixels.count))
                        defer { region.deallocate() }
                        var regionCount = 0
                        var result: [LineSegment] = []
                        for seed in edges.pixels {
                            let s = Int(seed)
                            if a[s] == 0 { continue }
                            a[s] = 0
                            region[0] = seed
                            regionCount = 1
                            var meanX = Double(gxp[s] / mp[s]), meanY = Double(gyp[s] / mp[s])
                            var dirX = meanX, dirY = meanY
                            /// Joins neighbour `j` to the region if it is an unused edge pixel
                            /// whose direction is within tolerance of the region's mean.
                            @inline(__always) func visit(_ j: Int) {
                                if a[j] == 0 { return }
                                let m = Double(mp[j])
                                let ux = Double(gxp[j]) / m, uy = Double(gyp[j]) / m
                                if ux * dirX + uy * dirY < cosTolerance { return }
                                a[j] = 0
                                region[regionCount] = Int32(truncatingIfNeeded: j)
                                regionCount += 1
                                meanX += ux
                                meanY += uy
                                let l = (meanX * meanX + meanY * meanY).squareRoot()
                                dirX = meanX / l
                                dirY = meanY / l
                            }
                            var head = 0
                            while head < regionCount {
                                let i = Int(region[head])
                                head += 1
                                let y = i / w, x = i - y * w
                                // Neighbours in raster order (the pixel itself is used already), so
                                // the region grows the same way whichever branch runs.
                                if x > 0 && y > 0 && x < w - 1 && y < h - 1 {
                                    visit(i - w - 1); visit(i - w); visit(i - w + 1)
                                    visit(i - 1); visit(i + 1)
                                    visit(i + w - 1); visit(i + w); visit(i + w + 1)
                                } else {
                                    // On the frame's border (the edge map leaves it empty, so
                                    // never in practice): only the neighbours inside the frame.
                                    for yy in max(0, y - 1)...min(h - 1, y + 1) {
                                        for xx in max(0, x - 1)...min(w - 1, x + 1) { visit(yy * w + xx) }
                                    }
                                }
                            }
                            if Double(regionCount) < minimumLength { continue }
                            var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
                            for p in UnsafeBufferPointer(start: region, count: regionCount) {
                                let i = Int(p), row = i / w
                                let x = Double(i - row * w) + 0.5, y = Double(row) + 0.5
                                sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
                            }
                            let n = Double(regionCount)
                            var segment = LineSegment(cx: 0, cy: 0, nx: dirX, ny: dirY, length: 0, width: 0, count: n,
                                                      sx: sx, sy: sy, sxx: sxx, syy: syy, sxy: sxy)
                            segment.fitMoments()
                            if segment.length >= minimumLength && segment.width <= max(maximumWidth, maximumBend * segment.length) {
                                result.append(segment)
                            }
                        }
                        return result
                    }
                }
            }
        }
    }
}

extension LineSegment {
    /// Sets centroid, axis, length and width from the moment sums, keeping the normal's sign
    /// on the side of the current one.
    mutating func fitMoments() {
        let mx = sx / count, my = sy / count
        let cxx = sxx / count - mx * mx, cyy = syy / count - my * my, cxy = sxy / count - mx * my
        let axis = 0.5 * atan2(2 * cxy, cxx - cyy)
        let dx = cos(axis), dy = sin(axis)
        var newNX = -dy, newNY = dx
        if newNX * nx + newNY * ny < 0 { newNX = -newNX; newNY = -newNY }
        let along = max(0, cxx * dx * dx + 2 * cxy * dx * dy + cyy * dy * dy)
        let across = max(0, cxx * newNX * newNX + 2 * cxy * newNX * newNY + cyy * newNY * newNY)
        cx = mx
        cy = my
        nx = newNX
        ny = newNY
        // A uniform run of length L has variance L²/12 along it.
        length = (12 * along).squareRoot()
        width = 2 * across.squareRoot()
    }

    /// Signed distance of a point from the segment's infinite line.
    func distance(x: Double, y: Double) -> Double { (x - cx) * nx + (y - cy) * ny }

    /// The merged segment (moments added), normal kept from `self`.
    func merged(with o: LineSegment) -> LineSegment {
        var m = self
        m.count += o.count
        m.sx += o.sx; m.sy += o.sy; m.sxx += o.sxx; m.syy += o.syy; m.sxy += o.sxy
        m.fitMoments()
        return m
    }
}

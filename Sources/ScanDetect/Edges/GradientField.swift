/// Colour gradients of the working image: at each pixel the Sobel gradient of whichever colour
/// channel changes most there, so a page that differs from the table only in hue still has edges,
/// with its direction and polarity kept.
struct GradientField {
    let width: Int
    let height: Int
    /// Horizontal and vertical derivatives (Sobel units: a clean step of height c gives 4c).
    var gx: [Float]
    var gy: [Float]
    /// Gradient magnitude `sqrt(gx² + gy²)`; zero on the one-pixel border.
    var magnitude: [Float]

    init(planes: ColorPlanes) {
        let w = planes.width, h = planes.height, count = w * h
        width = w
        height = h
        var gxOut = [Float](repeating: 0, count: count)
        var gyOut = [Float](repeating: 0, count: count)
        var magOut = [Float](repeating: 0, count: count)
        guard w >= 3 && h >= 3 else {
            gx = gxOut; gy = gyOut; magnitude = magOut
            return
        }
        planes.red.withUnsafeBufferPointer { r in
            planes.green.withUnsafeBufferPointer { g in
                planes.blue.withUnsafeBufferPointer { b in
                    gxOut.withUnsafeMutableBufferPointer { ox in
                        gyOut.withUnsafeMutableBufferPointer { oy in
                            magOut.withUnsafeMutableBufferPointer { om in
                                let channels = (r.baseAddress!, g.baseAddress!, b.baseAddress!)
                                for y in 1..<(h - 1) {
                                    for x in 1..<(w - 1) {
                                        let (rx, ry) = sobel(channels.0, y * w + x, w)
                                        let (gxv, gyv) = sobel(channels.1, y * w + x, w)
                                        let (bx, by) = sobel(channels.2, y * w + x, w)
                                        let mr = rx * rx + ry * ry, mg = gxv * gxv + gyv * gyv, mb = bx * bx + by * by
                                        var bestX = rx, bestY = ry, best = mr
                                        if mg > best { best = mg; bestX = gxv; bestY = gyv }
                                        if mb > best { best = mb; bestX = bx; bestY = by }
                                        let i = y * w + x
                                        ox[i] = bestX
                                        oy[i] = bestY
                                        om[i] = best.squareRoot()
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        gx = gxOut
        gy = gyOut
        magnitude = magOut
    }
}

/// Sobel derivatives of one plane at index `i` (not on the border).
@inline(__always)
private func sobel(_ c: UnsafePointer<Float>, _ i: Int, _ w: Int) -> (Float, Float) {
    let tl = c[i - w - 1], t = c[i - w], tr = c[i - w + 1]
    let l = c[i - 1], r = c[i + 1]
    let bl = c[i + w - 1], bm = c[i + w], br = c[i + w + 1]
    return ((tr + 2 * r + br) - (tl + 2 * l + bl), (bl + 2 * bm + br) - (tl + 2 * t + tr))
}


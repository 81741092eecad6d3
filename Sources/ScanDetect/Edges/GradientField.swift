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
        if w >= 3 && h >= 3 {
            planes.red.withUnsafeBufferPointer { r in
                planes.green.withUnsafeBufferPointer { g in
                    planes.blue.withUnsafeBufferPointer { b in
                        gxOut.withUnsafeMutableBufferPointer { ox in
                            gyOut.withUnsafeMutableBufferPointer { oy in
                                magOut.withUnsafeMutableBufferPointer { om in
                                    sobelRows(r.baseAddress!, g.baseAddress!, b.baseAddress!, w, h,
                                              ox.baseAddress!, oy.baseAddress!, om.baseAddress!)
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

/// Per row: Sobel derivatives of each channel into row buffers (straight loops the compiler
/// vectorises), then, per pixel, the channel with the largest squared magnitude.
private func sobelRows(_ r: UnsafePointer<Float>, _ g: UnsafePointer<Float>, _ b: UnsafePointer<Float>,
                       _ w: Int, _ h: Int,
                       _ outX: UnsafeMutablePointer<Float>, _ outY: UnsafeMutablePointer<Float>,
                       _ outM: UnsafeMutablePointer<Float>) {
    let n = w - 2
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 6 * n)
    defer { buffer.deallocate() }
    let dx = [buffer, buffer + n, buffer + 2 * n], dy = [buffer + 3 * n, buffer + 4 * n, buffer + 5 * n]
    let planes = [r, g, b]
    for y in 1..<(h - 1) {
        for c in 0..<3 {
            let top = planes[c] + (y - 1) * w, mid = planes[c] + y * w, bot = planes[c] + (y + 1) * w
            let ddx = dx[c], ddy = dy[c]
            for x in 0..<n {
                ddx[x] = (top[x + 2] + 2 * mid[x + 2] + bot[x + 2]) - (top[x] + 2 * mid[x] + bot[x])
                ddy[x] = (bot[x] + 2 * bot[x + 1] + bot[x + 2]) - (top[x] + 2 * top[x + 1] + top[x + 2])
            }
        }
        let ox = outX + y * w + 1, oy = outY + y * w + 1, om = outM + y * w + 1
        let rx = dx[0], ry = dy[0], gx = dx[1], gy = dy[1], bx = dx[2], by = dy[2]
        for x in 0..<n {
            let mr = rx[x] * rx[x] + ry[x] * ry[x]
            let mg = gx[x] * gx[x] + gy[x] * gy[x]
            let mb = bx[x] * bx[x] + by[x] * by[x]
            let useG = mg > mr
            var bestX = useG ? gx[x] : rx[x], bestY = useG ? gy[x] : ry[x], best = useG ? mg : mr
            let useB = mb > best
            bestX = useB ? bx[x] : bestX
            bestY = useB ? by[x] : bestY
            best = useB ? mb : best
            ox[x] = bestX
            oy[x] = bestY
            om[x] = best.squareRoot()
        }
    }
}

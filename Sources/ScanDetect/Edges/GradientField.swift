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
        // Every element is written below (the border as zero), so the outputs start uninitialised.
        var gxOut: [Float] = [], gyOut: [Float] = []
        let magOut = [Float](unsafeUninitializedCapacity: count) { om, mCount in
            gxOut = [Float](unsafeUninitializedCapacity: count) { ox, xCount in
                gyOut = [Float](unsafeUninitializedCapacity: count) { oy, yCount in
                    let outputs = (ox.baseAddress!, oy.baseAddress!, om.baseAddress!)
                    if w >= 3 && h >= 3 {
                        planes.red.withUnsafeBufferPointer { r in
                            planes.green.withUnsafeBufferPointer { g in
                                planes.blue.withUnsafeBufferPointer { b in
                                    sobelRows(r.baseAddress!, g.baseAddress!, b.baseAddress!, w, h, outputs)
                                }
                            }
                        }
                        zeroBorder(w, h, outputs)
                    } else {
                        for p in [outputs.0, outputs.1, outputs.2] { p.initialize(repeating: 0, count: count) }
                    }
                    yCount = count
                }
                xCount = count
            }
            mCount = count
        }
        gx = gxOut
        gy = gyOut
        magnitude = magOut
    }
}

/// The three output planes: gx, gy and magnitude.
private typealias Outputs = (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)

/// Sets the one-pixel border of each output plane to zero.
private func zeroBorder(_ w: Int, _ h: Int, _ out: Outputs) {
    for p in [out.0, out.1, out.2] {
        p.initialize(repeating: 0, count: w)
        (p + (h - 1) * w).initialize(repeating: 0, count: w)
        for y in 1..<(h - 1) {
            p[y * w] = 0
            p[y * w + w - 1] = 0
        }
    }
}

/// Per row: Sobel derivatives of each channel into row buffers (straight loops the compiler
/// vectorises), then, per pixel, the channel with the largest squared magnitude; writes the
/// interior of the outputs.
private func sobelRows(_ r: UnsafePointer<Float>, _ g: UnsafePointer<Float>, _ b: UnsafePointer<Float>,
                       _ w: Int, _ h: Int, _ out: Outputs) {
    let n = w - 2
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 6 * n)
    defer { buffer.deallocate() }
    let planes = (r, g, b)
    for y in 1..<(h - 1) {
        for c in 0..<3 {
            let plane = c == 0 ? planes.0 : c == 1 ? planes.1 : planes.2
            let top = plane + (y - 1) * w, mid = plane + y * w, bot = plane + (y + 1) * w
            let ddx = buffer + 2 * c * n, ddy = ddx + n
            for x in 0..<n {
                ddx[x] = (top[x + 2] + 2 * mid[x + 2] + bot[x + 2]) - (top[x] + 2 * mid[x] + bot[x])
                ddy[x] = (bot[x] + 2 * bot[x + 1] + bot[x + 2]) - (top[x] + 2 * top[x + 1] + top[x + 2])
            }
        }
        let ox = out.0 + y * w + 1, oy = out.1 + y * w + 1, om = out.2 + y * w + 1
        let rx = buffer, ry = buffer + n, gx = buffer + 2 * n, gy = buffer + 3 * n, bx = buffer + 4 * n, by = buffer + 5 * n
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

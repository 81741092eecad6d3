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

/// Per row and pixel: the Sobel derivatives of the three channels, kept in registers, and the
/// channel with the largest squared magnitude; writes the interior of the outputs. One loop the
/// compiler vectorises: first computing each channel's derivatives into row buffers and choosing
/// in a second loop took ~2 % more instructions in detection (callgrind), the buffers' stores and
/// loads. (Hand-written four-lane code that carries each column's vertical sum to the next four
/// pixels took more instructions still.)
private func sobelRows(_ r: UnsafePointer<Float>, _ g: UnsafePointer<Float>, _ b: UnsafePointer<Float>,
                       _ w: Int, _ h: Int, _ out: Outputs) {
    let n = w - 2
    for y in 1..<(h - 1) {
        /// Sobel derivatives of one channel at output pixel x (image column x + 1).
        @inline(__always) func sobel(_ plane: UnsafePointer<Float>, _ x: Int) -> (Float, Float) {
            let top = plane + (y - 1) * w, mid = plane + y * w, bot = plane + (y + 1) * w
            return ((top[x + 2] + 2 * mid[x + 2] + bot[x + 2]) - (top[x] + 2 * mid[x] + bot[x]),
                    (bot[x] + 2 * bot[x + 1] + bot[x + 2]) - (top[x] + 2 * top[x + 1] + top[x + 2]))
        }
        let ox = out.0 + y * w + 1, oy = out.1 + y * w + 1, om = out.2 + y * w + 1
        for x in 0..<n {
            let (rx, ry) = sobel(r, x), (gx, gy) = sobel(g, x), (bx, by) = sobel(b, x)
            let mr = rx * rx + ry * ry
            let mg = gx * gx + gy * gy
            let mb = bx * bx + by * by
            let useG = mg > mr
            var bestX = useG ? gx : rx, bestY = useG ? gy : ry, best = useG ? mg : mr
            let useB = mb > best
            bestX = useB ? bx : bestX
            bestY = useB ? by : bestY
            best = useB ? mb : best
            ox[x] = bestX
            oy[x] = bestY
            om[x] = best.squareRoot()
        }
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

extension Image where Pixel: BytePixel {
    /// The image turned clockwise by `degrees` about its centre, same size, bilinear interpolation;
    /// corners that come from outside the image are filled with `fill` in every channel.
    /// - Parameters:
    ///   - degrees: clockwise angle as seen on screen (negative turns counter-clockwise).
    ///   - fill: the byte value of uncovered pixels (255 white).
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func rotated(byDegrees degrees: Double, fill: UInt8 = 255, threads: Int? = nil) -> Image {
        guard !isEmpty, degrees != 0 else { return self }
        let radians = degrees * .pi / 180
        // out(P) = in(R(−θ)·(P − c) + c), R clockwise in y-down coordinates.
        let cosine = cos(radians), sine = sin(radians)
        let cx = Double(width) / 2, cy = Double(height) / 2
        let w = width, h = height, channels = Pixel.channelCount
        return withUnsafeBytes { input in
            let source = UnsafeSendable(input.baseAddress!)
            return Image(width: w, height: h) { (output: UnsafeMutableBufferPointer<UInt8>) in
                let destination = UnsafeSendable(output.baseAddress!)
                Parallel.forEachChunk(of: h, threads: threads, minimumChunk: 16) { rows in
                    let src = source.value
                    for y in rows {
                        let out = destination.value + y * w * channels
                        let dy = Double(y) + 0.5 - cy, dx0 = 0.5 - cx
                        // Inverse map: the output offset turned counter-clockwise by θ, advanced
                        // incrementally along the row.
                        let startX = Float(dx0 * cosine + dy * sine + cx - 0.5)
                        let startY = Float(-dx0 * sine + dy * cosine + cy - 0.5)
                        let stepX = Float(cosine), stepY = Float(-sine)
                        for x in 0..<w {
                            // One multiply per pixel rather than a running sum, which would drift.
                            let sx = startX + Float(x) * stepX, sy = startY + Float(x) * stepY
                            // Shifted so truncation floors small negatives too.
                            let x0 = Int(sx + 16) - 16, y0 = Int(sy + 16) - 16
                            let ax = sx - Float(x0), ay = sy - Float(y0)
                            if x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h {
                                let p = src + (y0 * w + x0) * channels, q = p + w * channels
                                for c in 0..<channels {
                                    let top = Float(p[c]) + (Float(p[c + channels]) - Float(p[c])) * ax
                                    let bottom = Float(q[c]) + (Float(q[c + channels]) - Float(q[c])) * ax
                                    out[x * channels + c] = UInt8(top + (bottom - top) * ay + 0.5)
                                }
                                continue
                            }
                            for c in 0..<channels {
                                @inline(__always) func at(_ px: Int, _ py: Int) -> Float {
                                    px >= 0 && py >= 0 && px < w && py < h ? Float(src[(py * w + px) * channels + c]) : Float(fill)
                                }
                                let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * ax
                                let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * ax
                                out[x * channels + c] = clampToByte(top + (bottom - top) * ay)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The image turned clockwise by a multiple of 90° (0, 90, 180 or 270; other values are taken modulo 360).
    public func rotated(quarterTurnsDegrees degrees: Int) -> Image {
        switch ((degrees % 360) + 360) % 360 {
        case 90: rotated90Clockwise()
        case 180: rotated180()
        case 270: rotated90CounterClockwise()
        default: self
        }
    }
}

import Foundation
import ScanCore

/// A 12-megapixel phone photo of a printed A4 page, rendered analytically in memory so the
/// benchmark needs no codec: a pinhole camera looks at a text-like page lying on a brown desk.
struct SyntheticPhoto {
    static let pageMillimetres = (width: 210.0, height: 297.0)

    let width: Int
    let height: Int
    /// Page millimetres → photo pixels.
    let pageToPhoto: Homography
    /// The page's corners in the photo, contract order.
    let quad: Quad

    /// Places the page with a camera of `focalLength` pixels tilted by `pitch`, `yaw` and `roll`
    /// degrees at `distance` millimetres.
    init(width: Int, height: Int, focalLength: Double, pitch: Double, yaw: Double, roll: Double, distance: Double) {
        self.width = width
        self.height = height
        let (p, y, r) = (pitch * .pi / 180, yaw * .pi / 180, roll * .pi / 180)
        func rotate(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
            let a = (v.0, v.1 * cos(p) - v.2 * sin(p), v.1 * sin(p) + v.2 * cos(p))
            let b = (a.0 * cos(y) + a.2 * sin(y), a.1, -a.0 * sin(y) + a.2 * cos(y))
            return (b.0 * cos(r) - b.1 * sin(r), b.0 * sin(r) + b.1 * cos(r), b.2)
        }
        let (w, h) = SyntheticPhoto.pageMillimetres
        let pageCorners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)]
        let photoCorners = pageCorners.map { c -> Point in
            let v = rotate((c.x - w / 2, c.y - h / 2, 0))
            let z = v.2 + distance
            return Point(focalLength * v.0 / z + Double(width) / 2, focalLength * v.1 / z + Double(height) / 2)
        }
        pageToPhoto = Homography(from: pageCorners, to: photoCorners)!
        quad = try! Quad(corners: photoCorners)
    }

    /// Renders the photo with `samples × samples` supersampling per pixel.
    func render(samples: Int) -> Image<RGB8> {
        let toPage = pageToPhoto.inverted()!
        let (w, h) = SyntheticPhoto.pageMillimetres
        return Image<RGB8>(width: width, height: height) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            let out = UnsafeSendable(bytes)
            let (photoWidth, n) = (width, samples)
            Parallel.forEachChunk(of: height) { rows in
                for y in rows {
                    for x in 0..<photoWidth {
                        var sum = (0, 0, 0)
                        for j in 0..<n {
                            for i in 0..<n {
                                let p = toPage.apply(Point(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)))
                                let c: (Int, Int, Int)
                                if p.x >= 0, p.y >= 0, p.x < w, p.y < h {
                                    c = TextPage.ink(p.x, p.y) ? (35, 33, 45) : (236, 233, 226)
                                } else {
                                    // Desk: brown wood grain.
                                    let grain = Int(20 * sin(Double(y) * 0.05 + sin(Double(x) * 0.003) * 8))
                                    c = (120 + grain, 84 + grain, 52 + grain / 2)
                                }
                                sum = (sum.0 + c.0, sum.1 + c.1, sum.2 + c.2)
                            }
                        }
                        let o = (y * photoWidth + x) * 3, count = n * n
                        out.value[o] = UInt8((sum.0 + count / 2) / count)
                        out.value[o + 1] = UInt8((sum.1 + count / 2) / count)
                        out.value[o + 2] = UInt8((sum.2 + count / 2) / count)
                    }
                }
            }
        }
    }
}

/// A page of text-like marks: lines of 2.6 mm glyphs made of 0.3 mm strokes, words separated
/// by spaces, 20 mm margins, in page millimetres.
enum TextPage {
    static func ink(_ x: Double, _ y: Double) -> Bool {
        guard x >= 20, x < 190, y >= 25, y < 277 else { return false }
        let line = Int((y - 25) / 6), yy = (y - 25) - Double(line) * 6
        guard yy < 2.6 else { return false }
        let glyph = Int((x - 20) / 1.6), gx = (x - 20) - Double(glyph) * 1.6
        var hash = UInt64(truncatingIfNeeded: line &* 7919 &+ glyph &* 104_729) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        if hash % 7 == 0 || gx > 1.3 { return false }  // word space, letter gap
        let stroke = 0.3
        switch hash % 5 {
        case 0: return gx < stroke || gx > 1.3 - stroke  // n
        case 1: return gx < stroke || yy < stroke || yy > 2.6 - stroke  // c
        case 2: return abs(gx - 0.65) < stroke / 2 || yy < stroke  // T
        case 3: return abs(gx - yy / 2) < stroke / 2 || gx < stroke  // slanted
        default: return gx < stroke || abs(yy - 1.3) < stroke / 2 || gx > 1.3 - stroke  // H
        }
    }
}

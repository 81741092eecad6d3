import Foundation
import ScanCore

/// Image measures for the benchmark's sharpness and fidelity columns, on luma (Rec. 601).
enum Quality {
    /// Luma of every pixel, as Double.
    static func luma(_ image: Image<RGB8>) -> [Double] {
        image.pixels.map { 0.299 * Double($0.r) + 0.587 * Double($0.g) + 0.114 * Double($0.b) }
    }

    /// Mean gradient magnitude (central differences) over the interior: higher is sharper.
    static func meanGradient(_ image: Image<RGB8>) -> Double {
        let l = luma(image), w = image.width
        var sum = 0.0
        for y in 1..<image.height - 1 {
            for x in 1..<w - 1 {
                let gx = (l[y * w + x + 1] - l[y * w + x - 1]) / 2, gy = (l[(y + 1) * w + x] - l[(y - 1) * w + x]) / 2
                sum += (gx * gx + gy * gy).squareRoot()
            }
        }
        return sum / Double((image.height - 2) * (w - 2))
    }

    /// Peak signal-to-noise ratio of `image` against `reference` in dB, on luma.
    static func psnr(_ image: Image<RGB8>, _ reference: Image<RGB8>) -> Double {
        let a = luma(image), b = luma(reference)
        let mse = zip(a, b).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(a.count)
        return 10 * log10(255 * 255 / mse)
    }

    /// Mean absolute luma difference.
    static func meanAbsoluteDifference(_ a: Image<RGB8>, _ b: Image<RGB8>) -> Double {
        zip(luma(a), luma(b)).reduce(0.0) { $0 + abs($1.0 - $1.1) } / Double(a.pixelCount)
    }

    /// The A4 page rendered straight at `width × height`, the best any rectifier could output.
    static func idealPage(width: Int, height: Int, samples n: Int) -> Image<RGB8> {
        let (pw, ph) = SyntheticPhoto.pageMillimetres
        return Image<RGB8>(width: width, height: height) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            let out = UnsafeSendable(bytes)
            Parallel.forEachChunk(of: height) { rows in
                for y in rows {
                    for x in 0..<width {
                        var ink = 0
                        for j in 0..<n {
                            for i in 0..<n where TextPage.ink(
                                (Double(x) + (Double(i) + 0.5) / Double(n)) * pw / Double(width),
                                (Double(y) + (Double(j) + 0.5) / Double(n)) * ph / Double(height)) {
                                ink += 1
                            }
                        }
                        let t = Double(ink) / Double(n * n)
                        let o = (y * width + x) * 3
                        out.value[o] = UInt8((236 - t * (236 - 35)).rounded())
                        out.value[o + 1] = UInt8((233 - t * (233 - 33)).rounded())
                        out.value[o + 2] = UInt8((226 - t * (226 - 45)).rounded())
                    }
                }
            }
        }
    }
}

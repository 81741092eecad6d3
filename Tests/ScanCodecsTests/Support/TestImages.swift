import Foundation
import ScanCodecs
import ScanCore
import ScanTestSupport

/// Fixture files and small image helpers shared by the codec tests.
enum TestImages {
    /// The folder holding the fixtures (copied into the test bundle).
    static var fixtures: String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path
    }

    /// The path of fixture `name`.
    static func path(_ name: String) -> String { fixtures + "/" + name }

    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }


    /// A photo-like RGB image: smooth gradients plus a little noise (what JPEG is made for).
    static func photo(width: Int, height: Int, seed: UInt64 = 1) -> Image<RGB8> {
        var generator = SeededGenerator(seed: seed)
        var pixels = [RGB8]()
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int(generator.next() % 9) - 4
                let r = 40 + 170 * x / max(1, width - 1) + noise
                let g = 30 + 180 * y / max(1, height - 1) + noise
                let b = 128 + Int(60 * sin(Double(x + y) / 9)) + noise
                pixels.append(RGB8(UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b)))
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Uniform noise of any byte pixel type (hard for compressors; exact for PNG).
    static func noise<Pixel: BytePixel>(_: Pixel.Type, width: Int, height: Int, seed: UInt64) -> Image<Pixel> {
        var generator = SeededGenerator(seed: seed)
        return Image<Pixel>(width: width, height: height, initializingBytes: { bytes in
            for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: generator.next()) }
        })
    }

    /// Peak signal-to-noise ratio in dB between two same-sized byte images (infinity when equal).
    static func psnr<Pixel: BytePixel>(_ a: Image<Pixel>, _ b: Image<Pixel>) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        let squared = a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                zip(x, y).reduce(0.0) { sum, pair in
                    let d = Double(pair.0) - Double(pair.1)
                    return sum + d * d
                }
            }
        }
        let mse = squared / Double(a.pixelCount * Pixel.channelCount)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The largest absolute difference of any channel.
    static func maxDifference<Pixel: BytePixel>(_ a: Image<Pixel>, _ b: Image<Pixel>) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                zip(x, y).reduce(0) { Swift.max($0, abs(Int($1.0) - Int($1.1))) }
            }
        }
    }
}

import Foundation

/// A binary PPM (P6) as pdftoppm writes it: 8-bit RGB, row-major, top row first.
struct PPMImage {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    /// Reads `url`.
    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        var index = 0
        func token() -> String {
            while index < bytes.count, bytes[index] == 0x23 || Self.isSpace(bytes[index]) {
                if bytes[index] == 0x23 { while index < bytes.count, bytes[index] != 0x0A { index += 1 } }
                index += 1
            }
            let start = index
            while index < bytes.count, !Self.isSpace(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw PDFTools.ToolFailure(tool: "ppm", message: "not an 8-bit P6 file: \(url.path)")
        }
        index += 1
        guard bytes.count - index == width * height * 3 else {
            throw PDFTools.ToolFailure(tool: "ppm", message: "truncated pixel data in \(url.path)")
        }
        (self.width, self.height, rgb) = (width, height, Array(bytes[index...]))
    }

    /// The pixel at (`x`, `y`), origin top-left.
    subscript(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// Whether the pixel at (`x`, `y`) is within `tolerance` of `colour` in every channel.
    func pixel(x: Int, y: Int, isNear colour: (Int, Int, Int), tolerance: Int = 10) -> Bool {
        let p = self[x, y]
        return abs(p.r - colour.0) <= tolerance && abs(p.g - colour.1) <= tolerance && abs(p.b - colour.2) <= tolerance
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

import Foundation
import ScanCore

/// Binary PPM (P6) and PGM (P5) files: the benchmark's image exchange with its Python helpers,
/// so it needs no codec library.
enum PNM {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads a P6 or P5 file as colour (gray is expanded).
    static func readRGB(_ path: String) throws -> Image<RGB8> {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != 10 { index += 1 }
                } else if bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9 {
                    index += 1
                } else { break }
            }
            let start = index
            while index < bytes.count && !(bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let magic = token()
        guard magic == "P6" || magic == "P5", let width = Int(token()), let height = Int(token()), Int(token()) == 255 else {
            throw Failure(description: "\(path) is not an 8-bit binary PPM or PGM")
        }
        index += 1
        let channels = magic == "P6" ? 3 : 1
        guard bytes.count - index >= width * height * channels else { throw Failure(description: "\(path) is truncated") }
        let offset = index
        return Image<RGB8>(width: width, height: height) { (out: UnsafeMutableBufferPointer<UInt8>) in
            for i in 0..<(width * height) {
                for c in 0..<3 { out[3 * i + c] = bytes[offset + i * channels + (channels == 3 ? c : 0)] }
            }
        }
    }

    /// Writes a page as P6 (colour) or P5 (gray, bilevel).
    static func write(_ page: PageImage, to path: String) throws {
        var header: String
        var body: [UInt8]
        switch page {
        case .color(let image):
            header = "P6\n\(image.width) \(image.height)\n255\n"
            body = image.withUnsafeBytes { Array($0) }
        case .gray(let image), .bilevel(let image):
            header = "P5\n\(image.width) \(image.height)\n255\n"
            body = image.withUnsafeBytes { Array($0) }
        }
        var data = Data(header.utf8)
        data.append(contentsOf: body)
        guard FileManager.default.createFile(atPath: path, contents: data) else { throw Failure(description: "cannot write \(path)") }
    }
}

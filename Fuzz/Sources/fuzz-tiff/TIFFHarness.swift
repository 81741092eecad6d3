import CFuzzTIFF
import FuzzSupport
import ScanCodecs
import ScanCore

#if canImport(Glibc)
import Glibc
#endif

// Flatbed only writes TIFF (its readers are JPEG, PNG and HEIF), so this harness fuzzes what we
// do with libtiff: the format sniffer on the raw bytes (a TIFF upload must be named, not crash),
// then the multi-page TIFFPageWriter and the CCITT G4 encoder with fuzzed page kinds, sizes,
// pixels, compression, JPEG quality (including invalid ones), strip height and resolution
// (NaN, infinities, zero, negative). Every file written is read back with libtiff: the page count
// and every page's size must match, and lossless pages (Deflate gray/colour, G4 bilevel) must
// give back exactly the pixels written.

let folder = fuzzTemporaryFolder("fuzz-tiff")
let path = folder + "/pages.tif"

enum Page {
    case bilevel(Image<Gray8>), gray(Image<Gray8>), color(Image<RGB8>)

    var pageImage: PageImage {
        switch self {
        case .bilevel(let image): .bilevel(image)
        case .gray(let image): .gray(image)
        case .color(let image): .color(image)
        }
    }

    /// The bytes a scanline of this page holds when stored losslessly; nil when it is lossy.
    func expectedRow(_ y: Int, compression: TIFFPageWriter.Compression) -> [UInt8]? {
        switch self {
        case .bilevel(let image):
            // MinIsWhite, MSB first: a set bit is ink (a value below 128).
            var row = [UInt8](repeating: 0, count: (image.width + 7) / 8)
            for x in 0..<image.width where image[x, y].value < 128 { row[x / 8] |= 0x80 >> UInt8(x % 8) }
            return row
        case .gray(let image):
            return compression == .deflate ? (0..<image.width).map { image[$0, y].value } : nil
        case .color(let image):
            return compression == .deflate ? (0..<image.width).flatMap { [image[$0, y].r, image[$0, y].g, image[$0, y].b] } : nil
        }
    }
}

func page(from reader: inout FuzzReader) -> Page {
    let kind = reader.byte() % 3
    let width = reader.int(in: 1...64), height = reader.int(in: 1...64)
    let seed = reader.bytes(upTo: 64)
    func value(_ index: Int) -> UInt8 { seed.isEmpty ? 0 : seed[index % seed.count] &+ UInt8(truncatingIfNeeded: index / seed.count) }
    switch kind {
    case 0:
        return .bilevel(Image(width: width, height: height, pixels: (0..<width * height).map { Gray8(value($0) & 1 == 0 ? 0 : 255) }))
    case 1:
        return .gray(Image(width: width, height: height, pixels: (0..<width * height).map { Gray8(value($0)) }))
    default:
        return .color(Image(width: width, height: height, pixels: (0..<width * height).map {
            RGB8(value(3 * $0), value(3 * $0 + 1), value(3 * $0 + 2))
        }))
    }
}

func readBack(_ pages: [Page], compression: TIFFPageWriter.Compression) {
    guard let tiff = TIFFOpen(path, "r") else { return fuzzCheck(false, "libtiff cannot open what we wrote") }
    defer { TIFFClose(tiff) }
    var index = 0
    repeat {
        fuzzCheck(index < pages.count, "the file holds more than the \(pages.count) pages written")
        let page = pages[index].pageImage
        var width: UInt32 = 0, height: UInt32 = 0
        fuzz_tiff_size(tiff, &width, &height)
        fuzzCheck(Int(width) == page.width && Int(height) == page.height,
                  "page \(index + 1) reads \(width)×\(height), written \(page.width)×\(page.height)")
        if pages[index].expectedRow(0, compression: compression) != nil {
            var row = [UInt8](repeating: 0, count: Int(TIFFScanlineSize(tiff)))
            for y in 0..<page.height {
                let status = row.withUnsafeMutableBytes { TIFFReadScanline(tiff, $0.baseAddress, UInt32(y), 0) }
                fuzzCheck(status == 1, "page \(index + 1) row \(y) cannot be read back")
                let expected = pages[index].expectedRow(y, compression: compression) ?? []
                fuzzCheck(row.prefix(expected.count).elementsEqual(expected), "page \(index + 1) row \(y) differs from what was written")
            }
        }
        index += 1
    } while TIFFReadDirectory(tiff) == 1
    fuzzCheck(index == pages.count, "read back \(index) pages of \(pages.count)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    fuzz_tiff_silence()
    let raw = Array(UnsafeRawBufferPointer(start: start, count: count))
    let description = FormatSniffer.describe(raw)
    fuzzCheck(!description.isEmpty, "the sniffer gave an empty description")
    if let format = ImageFormat.sniff(raw) {
        fuzzCheck(!FormatSniffer.describe(raw).isEmpty, "sniffed \(format) but cannot describe it")
    }

    var reader = FuzzReader(start, count)
    var options = TIFFPageWriter.Options()
    options.compression = reader.bool() ? .jpeg : .deflate
    options.jpegQuality = reader.int(in: -2...102)
    options.rowsPerStrip = 16 * reader.int(in: 1...5)
    let dpi = reader.double()
    let pages = (0..<reader.int(in: 1...3)).map { _ in page(from: &reader) }

    if case .bilevel(let image) = pages[0] {
        guard let g4 = try? CCITTG4Encoder.encode(image) else {
            fuzzCheck(false, "G4 encoding failed")
            return 0
        }
        fuzzCheck(g4.count >= 2, "G4 data too short")
    }

    let writer: TIFFPageWriter
    do {
        writer = try TIFFPageWriter(path: path, options: options)
    } catch {
        fuzzCheck(!(1...100).contains(options.jpegQuality), "valid options refused: \(error)")
        return 0
    }
    fuzzCheck((1...100).contains(options.jpegQuality), "JPEG quality \(options.jpegQuality) accepted")
    var written = 0
    for page in pages {
        do {
            try writer.addPage(page.pageImage, dpi: dpi)
            written += 1
        } catch {
            // libtiff may refuse a resolution it can't store; the page is then not added.
            fuzzCheck(!dpi.isFinite || dpi <= 0, "a page with finite dpi \(dpi) was refused: \(error)")
            break
        }
    }
    do {
        try writer.finish()
    } catch {
        fuzzCheck(written < pages.count, "finishing a complete file failed: \(error)")
        return 0
    }
    if written == pages.count { readBack(pages, compression: options.compression) }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

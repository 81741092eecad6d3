import FuzzSupport
import ScanCodecs
import ScanCore

// The PNG wrapper on arbitrary bytes: chunk walking (completeness, eXIf), libpng's simplified API
// into one of the three pixel layouts, the pixel limit, and the orientation applied from eXIf.

/// Small, so hostile headers are refused before a big allocation instead of slowing the fuzzer.
let options = DecodingOptions(maximumPixelCount: 4_000_000)

func check<Pixel: BytePixel>(_ bytes: [UInt8], as pixel: Pixel.Type) {
    guard let decoded = try? ImageCodec.decode(bytes, name: "fuzz.png", as: pixel, options: options) else { return }
    let image = decoded.image
    fuzzCheck(decoded.format == .png || ImageFormat.sniff(bytes) != .png, "sniffed PNG, decoded as \(decoded.format)")
    fuzzCheck(image.width > 0 && image.height > 0, "decoded an empty image")
    fuzzCheck(image.pixels.count == image.width * image.height, "pixel count does not match the size")
    fuzzCheck(image.pixelCount <= options.maximumPixelCount, "decoded past the pixel limit")
    let size = decoded.appliedOrientation.orientedSize(width: decoded.storedWidth, height: decoded.storedHeight)
    fuzzCheck(size.width == image.width && size.height == image.height, "orientation and size disagree")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    switch count % 3 {
    case 0: check(bytes, as: RGB8.self)
    case 1: check(bytes, as: Gray8.self)
    default: check(bytes, as: RGBA8.self)
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

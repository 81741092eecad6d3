import FuzzSupport
import ScanCodecs
import ScanCore

// EXIF orientation and focal-length reading on arbitrary bytes: as a bare TIFF block (a PNG eXIf
// chunk), as a whole JPEG, and spliced into a valid JPEG as its APP1 Exif segment. Checks: the
// spliced JPEG reads the same orientation and focal length as the bare block, and decoding it
// applies exactly that orientation and reports that focal length.

/// A valid 8×4 JPEG (not square, so a 90° orientation visibly swaps the sides).
let baseJPEG: [UInt8] = {
    let image = Image<RGB8>(width: 8, height: 4, repeating: RGB8(200, 120, 40))
    do {
        return try ImageCodec.encodeJPEG(image, quality: 50)
    } catch {
        fuzzCheck(false, "cannot make the base JPEG: \(error)")
        return []
    }
}()

/// `jpeg` with an APP1 segment holding `Exif\0\0` + `payload` inserted right after SOI.
func splice(_ payload: ArraySlice<UInt8>, into jpeg: [UInt8]) -> [UInt8] {
    let length = 2 + 6 + payload.count
    var out: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
    out += [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
    out += payload
    out += jpeg.dropFirst(2)
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let bare = ExifOrientationReader.orientation(inTIFF: bytes)
    _ = ExifOrientationReader.orientation(inJPEG: bytes)
    let bareFocalLength = ExifFocalLengthReader.equivalentFocalLength(inTIFF: bytes)
    _ = ExifFocalLengthReader.equivalentFocalLength(inJPEG: bytes)

    // An APP1 segment holds at most 65 535 − 2 − 6 payload bytes.
    let payload = bytes.prefix(65_535 - 8)
    let jpeg = splice(payload, into: baseJPEG)
    let spliced = ExifOrientationReader.orientation(inJPEG: jpeg)
    let splicedFocalLength = ExifFocalLengthReader.equivalentFocalLength(inJPEG: jpeg)
    if payload.count == bytes.count {
        fuzzCheck(spliced == bare, "spliced APP1 reads \(String(describing: spliced)), bare block \(String(describing: bare))")
        fuzzCheck(splicedFocalLength == bareFocalLength,
                  "spliced APP1 reads focal length \(String(describing: splicedFocalLength)), bare block \(String(describing: bareFocalLength))")
    }
    do {
        let decoded = try ImageCodec.decode(jpeg, name: "spliced.jpg")
        let expected = spliced ?? .up
        fuzzCheck(decoded.appliedOrientation == expected,
                  "applied \(decoded.appliedOrientation), metadata says \(expected)")
        let size = expected.orientedSize(width: 8, height: 4)
        fuzzCheck(decoded.image.width == size.width && decoded.image.height == size.height,
                  "decoded \(decoded.image.width)×\(decoded.image.height), expected \(size.width)×\(size.height)")
        fuzzCheck(decoded.equivalentFocalLength == splicedFocalLength,
                  "decoded focal length \(String(describing: decoded.equivalentFocalLength)), metadata says \(String(describing: splicedFocalLength))")
    } catch {
        fuzzCheck(false, "a valid JPEG with any APP1 payload must decode: \(error)")
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

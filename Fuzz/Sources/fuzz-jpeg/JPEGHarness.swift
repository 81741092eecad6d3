import FuzzSupport
import ScanCodecs
import ScanCore
import ScanPDF

// The JPEG wrappers on arbitrary bytes: the header reader (JPEGInfo), the full decode through
// ImageCodec (sniffing, TurboJPEG, truncation handling, orientation) into one of the three pixel
// layouts, and the PDF writer's own frame-header parser (PDFImage(jpeg:)), which must agree with
// TurboJPEG on the size of every file both accept.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let info = try? JPEGInfo(bytes, name: "fuzz.jpg")
    if let info {
        fuzzCheck(info.width > 0 && info.height > 0, "JPEGInfo reported an empty size")
        if let pdf = try? PDFImage(jpeg: bytes) {
            fuzzCheck(pdf.width == info.width && pdf.height == info.height,
                      "PDF frame header says \(pdf.width)×\(pdf.height), TurboJPEG \(info.width)×\(info.height)")
        }
    }
    fuzzDecode(bytes, name: "fuzz.jpg") { format, orientation, size, stored in
        fuzzCheckOrientedSize(orientation, size: size, stored: stored)
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

import FuzzSupport
import ScanCodecs
import ScanCore

// The HEIF/HEIC/AVIF wrapper on arbitrary bytes: sniffing, libheif's context, primary handle and
// decode, the pixel limit on the declared and the decoded size, the truncation diagnosis (box
// walking) and the copy out of libheif's plane into one of the three pixel layouts.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    fuzzDecode(bytes, name: "fuzz.heic") { format, orientation, size, stored in
        if format == .heif || format == .avif {
            fuzzCheck(orientation == .up, "libheif turns images upright; nothing may be applied on top")
        }
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

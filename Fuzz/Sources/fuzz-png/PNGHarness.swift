import FuzzSupport
import ScanCodecs
import ScanCore

// The PNG wrapper on arbitrary bytes: chunk walking (completeness, eXIf), libpng's simplified API
// into one of the three pixel layouts, the pixel limit, and the orientation applied from eXIf.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    fuzzDecode(bytes, name: "fuzz.png") { format, orientation, size, stored in
        fuzzCheck(format == .png || ImageFormat.sniff(bytes) != .png, "sniffed PNG, decoded as \(format)")
        fuzzCheckOrientedSize(orientation, size: size, stored: stored)
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}

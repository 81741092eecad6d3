import Foundation
import ScanCodecs
import ScanCore
import Testing

/// Inputs the fuzzers (Fuzz/) found crashing or hanging the codecs, kept so they never do again.
@Suite("codec fuzz regressions")
struct CodecFuzzRegressionTests {
    /// fuzz-heif: an image item derived from itself (`iref` `dimg` 2 → 2). libheif 1.15 recursed
    /// until the stack overflowed (or, with decoding threads, until thread creation aborted).
    @Test("a HEIF image derived from itself is a damaged file, not a crash")
    func selfDerivedHEIF() throws {
        let path = TestImages.path("self-derived.heic")
        let error = #expect(throws: CodecError.self) { try ImageFile.read(path: path) }
        guard case .corrupt(let file, _, let detail)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(file.hasSuffix("self-derived.heic"))
        #expect(detail.contains("item 2 is derived from itself"))
    }

    /// fuzz-heif: the same loop (`dimg` 2 → 2), in an `iref` entry box claiming 4110 bytes inside
    /// a 26-byte `iref`. libheif reads the entry anyway and overflowed the stack; the reference
    /// check had skipped the oversized box, so it now reads a box that overstates its size up to
    /// its parent's end, as libheif does.
    @Test("a HEIF loop inside a box that overstates its size is still refused")
    func loopInOverstatedBox() throws {
        let path = TestImages.path("overstated-reference-box.heic")
        let error = #expect(throws: CodecError.self) { try ImageFile.read(path: path) }
        guard case .corrupt(_, _, let detail)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("item 2 is derived from itself"))
    }

    /// The same file with the loop cut (item 2 derived from item 1, which exists) reaches libheif
    /// and fails there with its own words, so the check refuses loops only.
    @Test("a HEIF whose derivation ends is left to libheif")
    func endedDerivationReachesLibheif() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestImages.path("self-derived.heic"))))
        // The iref's one dimg entry: from 2, count 1, to 2 — its last two bytes are the target.
        let entry = try #require(Self.range(of: Array("dimg".utf8), in: bytes))
        let target = entry.upperBound + 4
        #expect(bytes[target] == 0 && bytes[target + 1] == 2)
        bytes[target + 1] = 1
        let error = #expect(throws: CodecError.self) { try ImageCodec.decode(bytes, name: "cut.heic") }
        if case .corrupt(_, _, let detail)? = error { #expect(!detail.contains("derived from itself")) }
    }

    /// fuzz-heif: a 742-byte HEIC whose grid item declares, in its own data, a canvas of
    /// 26742 × 25392 pixels over one 64 × 48 tile. libheif 1.15 checks only the `ispe` property
    /// and allocated the canvas: over 2 GB. The grid's size is now checked against the pixel
    /// limit before libheif decodes anything.
    @Test("a HEIF grid declaring a canvas over the pixel limit is refused before decoding")
    func oversizedGridCanvas() throws {
        let path = TestImages.path("oversized-grid.heic")
        let error = #expect(throws: CodecError.self) { try ImageFile.read(path: path) }
        guard case .tooManyPixels(let file, let width, let height, _)? = error else {
            Issue.record("expected .tooManyPixels, got \(String(describing: error))")
            return
        }
        #expect(file.hasSuffix("oversized-grid.heic"))
        #expect(width == 26742 && height == 25392)
    }

    /// The same file with its tile's coded data zeroed: libheif, had it been reached, would fail
    /// on the tile (after allocating the canvas), so only the check before decoding gives
    /// `.tooManyPixels` here.
    @Test("the grid canvas is checked before any tile is decoded")
    func gridCanvasCheckedFirst() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestImages.path("oversized-grid.heic"))))
        let mdat = try #require(Self.range(of: Array("mdat".utf8), in: bytes))
        for index in mdat.upperBound..<bytes.count { bytes[index] = 0 }
        let error = #expect(throws: CodecError.self) { try ImageCodec.decode(bytes, name: "zeroed-tile.heic") }
        guard case .tooManyPixels? = error else {
            Issue.record("expected .tooManyPixels, got \(String(describing: error))")
            return
        }
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return start..<start + needle.count
        }
        return nil
    }
}

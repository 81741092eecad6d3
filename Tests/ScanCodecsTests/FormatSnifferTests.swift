import ScanCodecs
import Testing

@Suite("Format sniffing by magic bytes")
struct FormatSnifferTests {
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
            + compatible.flatMap { Array($0.utf8) }
    }

    @Test("Our formats are recognised whatever the name")
    func supported() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat.sniff(Self.ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat.sniff(Self.ftyp("heix", [])) == .heif)
        #expect(ImageFormat.sniff(Self.ftyp("mif1", ["heic"])) == .heif)
        #expect(ImageFormat.sniff(Self.ftyp("mif1", ["miaf", "MA1B", "avif"])) == .avif)
        #expect(ImageFormat.sniff(Self.ftyp("avif", ["mif1"])) == .avif)
        #expect(ImageFormat.sniff(Self.ftyp("isom", ["mp41"])) == nil)
        #expect(ImageFormat.sniff([0x89, 0x50]) == nil)
    }

    @Test("Other formats are named in the error")
    func described() {
        #expect(FormatSniffer.describe(Array("GIF89a....".utf8)) == "it is a GIF image")
        #expect(FormatSniffer.describe([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]) == "it is a TIFF image")
        #expect(FormatSniffer.describe([0x4D, 0x4D, 0x00, 0x2A]) == "it is a TIFF image")
        #expect(FormatSniffer.describe(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)) == "it is a WebP image")
        #expect(FormatSniffer.describe(Array("BM6\u{0}".utf8)) == "it is a BMP image")
        #expect(FormatSniffer.describe(Array("%PDF-1.7".utf8)) == "it is a PDF document")
        #expect(FormatSniffer.describe(Array("<html><body>".utf8)) == "it starts with text")
        #expect(FormatSniffer.describe(Self.ftyp("qt  ", [])) == "it is an ISO media file of brand 'qt  ', not a still image")
        #expect(FormatSniffer.describe([0x00, 0x01, 0xAB, 0x0F, 0x99]) == "it starts with bytes 00 01 ab 0f")
    }
}

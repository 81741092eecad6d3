import ScanCodecs
import ScanCore
import Testing

@Suite("JPEG header without decoding")
struct JPEGInfoTests {
    @Test("Size, components and orientation of a fixture")
    func fixture() throws {
        let info = try JPEGInfo(TestImages.bytes("orientation-6.jpg"), name: "o6.jpg")
        #expect(info.width == 48 && info.height == 64)
        #expect(info.components == 3 && info.colorSpace == .ycbcr && info.isSupported)
        #expect(info.orientation == .right)
    }

    @Test("CMYK is reported as unsupported, a 40000×40000 header is read without decoding")
    func flags() throws {
        let cmyk = try JPEGInfo(TestImages.bytes("cmyk.jpg"), name: "cmyk.jpg")
        #expect(cmyk.components == 4 && !cmyk.isSupported)
        let huge = try JPEGInfo(TestImages.bytes("huge.jpg"), name: "huge.jpg")
        #expect(huge.width == 40000 && huge.height == 40000)
    }

    @Test("Non-JPEG bytes are refused")
    func notJPEG() throws {
        let png = try TestImages.bytes("upright.png")
        #expect(throws: CodecError.unsupportedFormat(file: "x.png", detected: "it starts with bytes 89 50 4e 47")) {
            try JPEGInfo(png, name: "x.png")
        }
    }
}

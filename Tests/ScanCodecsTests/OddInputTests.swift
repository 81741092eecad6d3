import Foundation
import ScanCodecs
import ScanCore
import Testing

/// The codec layer's side of the bad-input corpus: valid-but-odd encodings decode to the right
/// size, lying and damaged files give their exact error, and paths that are not plain files are
/// refused before a byte is read (so nothing hangs or fills memory).
@Suite("Odd and hostile inputs")
struct OddInputTests {
    /// Fixtures every layout of which decodes: name, width, height.
    static let decodable: [(String, Int, Int)] = [
        ("scene.jpg", 160, 120), ("progressive.jpg", 160, 120), ("jpeg-bytes.png", 160, 120),
        ("gray16.png", 160, 120), ("gray16-alpha.png", 160, 120), ("rgb16.png", 160, 120),
        ("rgba16.png", 160, 120), ("palette.png", 160, 120), ("gray-alpha.png", 160, 120),
        ("interlaced.png", 160, 120), ("tiny.jpg", 1, 1), ("tiny.png", 1, 1),
        ("black.jpg", 1000, 750), ("white.jpg", 1000, 750),
    ]

    @Test("Valid but odd files decode to their size, as gray, RGB and RGBA", arguments: decodable)
    func decodes(fixture: String, width: Int, height: Int) throws {
        let path = TestImages.path(fixture)
        let rgb = try ImageFile.read(path: path).image
        let gray = try ImageFile.read(path: path, as: Gray8.self).image
        let rgba = try ImageFile.read(path: path, as: RGBA8.self).image
        for size in [(rgb.width, rgb.height), (gray.width, gray.height), (rgba.width, rgba.height)] {
            #expect(size == (width, height))
        }
    }

    @Test("16-bit, palette, gray+alpha and interlaced PNGs give the same pixels as the 8-bit RGB scene",
          arguments: ["rgb16.png", "rgba16.png", "interlaced.png", "gray16.png", "gray16-alpha.png", "gray-alpha.png", "palette.png"])
    func pngLayoutsAgree(fixture: String) throws {
        let reference = try ImageFile.read(path: TestImages.path("interlaced.png"), as: Gray8.self).image
        let image = try ImageFile.read(path: TestImages.path(fixture), as: Gray8.self).image
        // The alpha fixtures' top 8 rows are transparent, flattened onto white.
        if fixture.contains("alpha") {
            #expect(image[80, 3].value == 255)
        }
        let below = { (img: Image<Gray8>) in img.pixels.suffix(img.width * (img.height - 8)).map { Int($0.value) } }
        let difference = zip(below(reference), below(image)).map { abs($0 - $1) }.max() ?? 0
        // Gray conversion, alpha compositing and a 16-colour palette round differently from the
        // RGB reference.
        let tolerance = fixture == "palette.png" ? 40 : 4
        #expect(difference <= tolerance, "max difference \(difference)")
    }

    @Test("Uniform photos decode uniform")
    func uniform() throws {
        let black = try ImageFile.read(path: TestImages.path("black.jpg"), as: Gray8.self).image
        let white = try ImageFile.read(path: TestImages.path("white.jpg"), as: Gray8.self).image
        #expect(black.pixels.allSatisfy { $0.value <= 2 })
        #expect(white.pixels.allSatisfy { $0.value >= 253 })
    }

    static let refused: [BadInput] = [
        BadInput(fixture: "huge-200mp.jpg") { .tooManyPixels(file: $0, width: 20000, height: 10000, limit: 100_000_000) },
        BadInput(fixture: "huge-200mp.png") { .tooManyPixels(file: $0, width: 20000, height: 10000, limit: 100_000_000) },
        BadInput(fixture: "huge.heic") { .tooManyPixels(file: $0, width: 20000, height: 10000, limit: 100_000_000) },
        BadInput(fixture: "no-meta.heic") { .corrupt(file: $0, format: .heif, detail: "Invalid input: No 'meta' box") },
        BadInput(fixture: "ycck.jpg") { .unsupportedContent(file: $0, format: .jpeg, detail: "YCCK colour") },
        BadInput(fixture: "multipage.tif") { .unsupportedFormat(file: $0, detected: "it is a TIFF image") },
        BadInput(fixture: "gray16.tif") { .unsupportedFormat(file: $0, detected: "it is a TIFF image") },
        BadInput(fixture: "truncated.tif") { .unsupportedFormat(file: $0, detected: "it is a TIFF image") },
    ]

    @Test("Damaged, lying and foreign files give their exact error", arguments: refused)
    func exactError(input: BadInput) {
        let path = TestImages.path(input.fixture)
        #expect(throws: input.expected(path)) { try ImageFile.read(path: path) }
    }

    @Test("A HEIC item with no data is damaged, not an unsupported feature")
    func zeroExtentHEIC() {
        let path = TestImages.path("zero-extent.heic")
        #expect {
            try ImageFile.read(path: path)
        } throws: { error in
            guard case .corrupt(let file, .heif, _) = error as? CodecError else { return false }
            return file == path
        }
    }

    @Test("A JPEG under a .png name is read by its bytes")
    func sniffedNotNamed() throws {
        let decoded = try ImageFile.read(path: TestImages.path("jpeg-bytes.png"))
        #expect(decoded.format == .jpeg)
    }

    @Test("A FIFO with no writer is refused at once instead of blocking")
    func fifo() throws {
        let path = NSTemporaryDirectory() + "scan-codecs-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: CodecError.notARegularFile(file: path, kind: "a named pipe (FIFO)")) { try ImageFile.readBytes(path: path) }
    }

    @Test("An endless device is refused before reading", arguments: ["/dev/zero", "/dev/urandom"])
    func device(path: String) {
        #expect(throws: CodecError.notARegularFile(file: path, kind: "a character device")) { try ImageFile.readBytes(path: path) }
    }

    @Test("A symlink loop is unreadable, with the system's reason")
    func symlinkLoop() throws {
        let folder = NSTemporaryDirectory() + "scan-codecs-loop-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.jpg", withDestinationPath: "b.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.jpg", withDestinationPath: "a.jpg")
        let path = folder + "/a.jpg"
        #expect(throws: CodecError.unreadable(file: path, reason: "too many levels of symbolic links")) { try ImageFile.read(path: path) }
    }

    @Test("The new messages are one line, name the file and say what to do")
    func messages() {
        #expect(CodecError.notARegularFile(file: "pipe.jpg", kind: "a named pipe (FIFO)").description
            == "pipe.jpg: is a named pipe (FIFO), not an image file; save the photo to a file and pass that")
        #expect(CodecError.tooManyPixels(file: "big.jpg", width: 20000, height: 10000, limit: 100_000_000).description
            == "big.jpg: 20000×10000 pixels is over the 100-megapixel limit; resize the photo to at most 100 million pixels")
        #expect(CodecError.notARegularFile(file: "a", kind: "a socket").file == "a")
    }
}

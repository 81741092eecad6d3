import Foundation
import ScanCodecs
import ScanCore
import Testing

/// One invalid file and the exact error it must give.
struct BadInput: Sendable, CustomTestStringConvertible {
    let fixture: String
    let expected: @Sendable (String) -> CodecError
    var testDescription: String { fixture }
}

@Suite("Invalid input corpus")
struct BadInputTests {
    static let corpus: [BadInput] = [
        BadInput(fixture: "empty.jpg") { .emptyFile(file: $0) },
        BadInput(fixture: "truncated.jpg") { .truncated(file: $0, format: .jpeg) },
        BadInput(fixture: "bad-crc.png") { .checksumMismatch(file: $0, chunk: "IDAT") },
        BadInput(fixture: "truncated.png") { .truncated(file: $0, format: .png) },
        BadInput(fixture: "text.jpg") { .unsupportedFormat(file: $0, detected: "it starts with text") },
        BadInput(fixture: "huge.jpg") { .tooManyPixels(file: $0, width: 40000, height: 40000, limit: 100_000_000) },
        BadInput(fixture: "huge.png") { .tooManyPixels(file: $0, width: 40000, height: 40000, limit: 100_000_000) },
        BadInput(fixture: "garbage.bin") { .unsupportedFormat(file: $0, detected: "it starts with bytes 00 13 e7 ee") },
        BadInput(fixture: "photo.gif") { .unsupportedFormat(file: $0, detected: "it is a GIF image") },
        BadInput(fixture: "photo.bmp") { .unsupportedFormat(file: $0, detected: "it is a BMP image") },
        BadInput(fixture: "cmyk.jpg") { .unsupportedContent(file: $0, format: .jpeg, detail: "CMYK colour") },
        BadInput(fixture: "truncated.heic") { .truncated(file: $0, format: .heif) },
    ]

    @Test("Each invalid file gives its exact error, naming the file", arguments: corpus)
    func corpusFile(input: BadInput) {
        let path = TestImages.path(input.fixture)
        #expect(throws: input.expected(path)) { try ImageFile.read(path: path) }
    }

    @Test("A missing file")
    func missing() {
        let path = TestImages.path("no-such-photo.jpg")
        #expect(throws: CodecError.fileNotFound(file: path)) { try ImageFile.read(path: path) }
    }

    @Test("A directory")
    func directory() {
        #expect(throws: CodecError.isDirectory(file: TestImages.fixtures)) { try ImageFile.read(path: TestImages.fixtures) }
    }

    @Test("An unreadable file")
    func unreadable() throws {
        guard getuid() != 0 else {
            // root reads anything; check the errno mapping through a path that cannot be opened instead.
            #expect(throws: CodecError.fileNotFound(file: "/etc/passwd/x")) { try ImageFile.read(path: "/etc/passwd/x") }
            return
        }
        let path = "/tmp/scan-codecs-unreadable-\(getpid()).jpg"
        try ImageFile.write([0xFF, 0xD8], to: path)
        defer { unlink(path) }
        chmod(path, 0)
        #expect(throws: CodecError.unreadable(file: path, reason: "permission denied")) { try ImageFile.read(path: path) }
    }

    @Test("The pixel limit is checked from the header, for a small image too")
    func smallLimit() throws {
        let bytes = try TestImages.bytes("upright.png")
        let options = DecodingOptions(maximumPixelCount: 3000)
        #expect(throws: CodecError.tooManyPixels(file: "up.png", width: 64, height: 48, limit: 3000)) {
            try ImageCodec.decode(bytes, name: "up.png", options: options)
        }
        let jpeg = try TestImages.bytes("orientation-1.jpg")
        #expect(throws: CodecError.tooManyPixels(file: "up.jpg", width: 64, height: 48, limit: 3000)) {
            try ImageCodec.decode(jpeg, name: "up.jpg", options: options)
        }
        let heic = try TestImages.bytes("upright.heic")
        #expect(throws: CodecError.tooManyPixels(file: "up.heic", width: 64, height: 48, limit: 3000)) {
            try ImageCodec.decode(heic, name: "up.heic", options: options)
        }
        #expect(try ImageCodec.decode(bytes, name: "up.png", options: DecodingOptions(maximumPixelCount: 3072)).image.pixelCount == 3072)
    }

    @Test("A JPEG cut inside its header is truncated, not corrupt")
    func truncatedHeader() throws {
        let bytes = try TestImages.bytes("orientation-1.jpg")
        for length in [3, 20, 100, 300] {
            #expect(throws: CodecError.truncated(file: "cut.jpg", format: .jpeg)) {
                try ImageCodec.decode(Array(bytes.prefix(length)), name: "cut.jpg")
            }
        }
    }

    @Test("Messages are one line, name the file and say what to do")
    func messages() {
        #expect(CodecError.truncated(file: "scan.jpg", format: .jpeg).description
            == "scan.jpg: truncated JPEG data (the file ends early); copy the photo again")
        #expect(CodecError.tooManyPixels(file: "big.jpg", width: 40000, height: 40000, limit: 100_000_000).description
            == "big.jpg: 40000×40000 pixels is over the 100-megapixel limit; resize the photo to at most 100 million pixels")
        #expect(CodecError.unsupportedFormat(file: "photo.jpg", detected: "it starts with text").description
            == "photo.jpg is not a JPEG, PNG or HEIC image (it starts with text); export it as JPEG or PNG")
        let all: [CodecError] = [
            .fileNotFound(file: "a.jpg"), .isDirectory(file: "a.jpg"), .emptyFile(file: "a.jpg"),
            .unreadable(file: "a.jpg", reason: "permission denied"), .unwritable(file: "a.jpg", reason: "read-only file system"),
            .checksumMismatch(file: "a.jpg", chunk: "IDAT"), .corrupt(file: "a.jpg", format: .png, detail: "bad"),
            .unsupportedContent(file: "a.jpg", format: .jpeg, detail: "CMYK colour"),
            .invalidQuality(file: "a.jpg", quality: 0), .encodingFailed(file: "a.jpg", format: .png, detail: "x"),
        ]
        for error in all {
            #expect(error.description.hasPrefix("a.jpg"))
            #expect(error.file == "a.jpg")
            #expect(!error.description.contains("\n") && error.description.contains("; "))
        }
    }
}

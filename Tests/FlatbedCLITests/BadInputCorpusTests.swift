import Foundation
import Testing

/// The whole bad-input corpus in one `flatbed scan` batch and one `flatbed detect --json` batch,
/// with one good photo among them: every broken input gives exactly one actionable error line
/// naming it, every valid-but-odd input gives a page, nothing crashes or hangs, and the output
/// holds every page that could be made and nothing else.
@Suite("bad input corpus")
struct BadInputCorpusTests {
    @Test("the batch as a whole: status 1, no crash, every accepted page written, no stray files")
    func batch() throws {
        let run = try CorpusRun.shared.get()
        #expect(!run.scan.crashed && !run.scan.timedOut, "stderr: \(run.scan.stderr)")
        #expect(run.scan.status == 1)
        let accepted = CorpusCase.all.filter { $0.outcome(asRoot: run.asRoot).isPage }.count
        // The good photo plus every accepted odd input, in one PDF.
        #expect(run.pageCount == accepted + 1, "stderr: \(run.scan.stderr)")
        #expect(run.pages.first?["image"] as? String == Samples.first)
        // Nothing but the inputs and the PDF: no temporary or partial files.
        #expect(run.folderAfter == (run.folderBefore + ["out.pdf"]).sorted())
        #expect(!run.detect.crashed && !run.detect.timedOut && run.detect.status == 1)
        #expect(run.detectLines.count == CorpusCase.all.count + 1)
    }

    @Test("scan gives each input its defined outcome", arguments: CorpusCase.all)
    func scan(input: CorpusCase) throws {
        let run = try CorpusRun.shared.get()
        let path = run.paths[input.name]!
        let errors = run.errorLines(naming: path)
        let pages = run.pages.filter { $0["image"] as? String == path }
        switch input.outcome(asRoot: run.asRoot) {
        case .error(let expected):
            #expect(errors.count == 1, "stderr: \(run.scan.stderr)")
            let line = errors.first ?? ""
            #expect(line.lowercased().contains(expected.lowercased()), "message: \(line)")
            // Actionable: the message goes on to say what to do, on one line.
            #expect(line.contains("; "), "message says nothing to do: \(line)")
            #expect(pages.isEmpty)
        case .page:
            #expect(errors.isEmpty, "stderr: \(run.scan.stderr)")
            #expect(pages.count == 1, "stderr: \(run.scan.stderr)")
            let width = pages.first?["width"] as? Int ?? 0, height = pages.first?["height"] as? Int ?? 0
            #expect(width > 0 && height > 0)
        }
    }

    @Test("detect --json gives each input one line: corners, or null corners and its error", arguments: CorpusCase.all)
    func detect(input: CorpusCase) throws {
        let run = try CorpusRun.shared.get()
        let path = run.paths[input.name]!
        let lines = run.detectLines.filter { $0["image"] as? String == path }
        try #require(lines.count == 1, "stdout: \(run.detect.stdout)")
        let line = lines[0]
        if input.decodes(asRoot: run.asRoot) {
            #expect(line["error"] == nil)
            #expect(line["detect_ms"] is NSNumber)
            if let corners = line["corners"] as? [[Double]] {
                #expect(corners.count == 4 && corners.joined().allSatisfy(\.isFinite))
            } else {
                #expect(line["corners"] is NSNull)
            }
        } else {
            #expect(line["corners"] is NSNull)
            let error = line["error"] as? String ?? ""
            #expect(error.contains(path) && error.contains("; "), "error: \(error)")
            if case .error(let expected) = input.outcome(asRoot: run.asRoot) {
                #expect(error.lowercased().contains(expected.lowercased()), "error: \(error)")
            }
        }
    }
}

/// One input of the corpus and what `flatbed scan` must make of it.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    /// What a case must give.
    enum Outcome: Equatable {
        /// One error line naming the file and containing this text.
        case error(String)
        /// A page in the document, and no error.
        case page

        var isPage: Bool { self == .page }
    }

    /// How to put the input in place.
    enum Source: Sendable {
        /// A copy of a ScanCodecs fixture under this case's name.
        case fixture(String)
        /// Nothing at the path.
        case missing
        /// A folder.
        case directory
        /// A symbolic link to itself (through a second link).
        case symlinkLoop
        /// A named pipe nobody writes to.
        case fifo
        /// A fixed special file outside the folder.
        case device(String)
        /// A copy of a fixture with its permissions removed.
        case unreadable(String)
    }

    /// The file name in the batch folder, unique and not a prefix of another.
    let name: String
    let source: Source
    /// The outcome; nil only for `.unreadable`, whose outcome depends on who runs the test.
    let expected: Outcome?
    /// True when the input is read and decoded (so `detect` gives corners or null, not an error),
    /// though `scan` may still refuse it (a 1×1 image).
    let readable: Bool

    var testDescription: String { name }

    init(_ name: String, _ source: Source, _ expected: Outcome?, readable: Bool? = nil) {
        self.name = name
        self.source = source
        self.expected = expected
        self.readable = readable ?? (expected == .page)
    }

    /// The outcome for this run: root reads a file whatever its permissions.
    func outcome(asRoot: Bool) -> Outcome {
        if case .unreadable = source { return asRoot ? .page : .error("permission denied") }
        return expected!
    }

    func decodes(asRoot: Bool) -> Bool {
        if case .unreadable = source { return asRoot }
        return readable
    }

    static let all: [CorpusCase] = [
        // The foundation issue's list.
        CorpusCase("absent.jpg", .missing, .error("no such file")),
        CorpusCase("album.jpg", .directory, .error("is a directory")),
        CorpusCase("empty.jpg", .fixture("empty.jpg"), .error("empty")),
        CorpusCase("cut.jpg", .fixture("truncated.jpg"), .error("truncated JPEG")),
        CorpusCase("bad-crc.png", .fixture("bad-crc.png"), .error("CRC checksum")),
        CorpusCase("notes.jpg", .fixture("text.jpg"), .error("not a JPEG, PNG or HEIC image (it starts with text)")),
        CorpusCase("huge-40k.jpg", .fixture("huge.jpg"), .error("40000×40000 pixels is over the 100-megapixel limit")),
        CorpusCase("huge-40k.png", .fixture("huge.png"), .error("40000×40000 pixels is over the 100-megapixel limit")),
        CorpusCase("cut.png", .fixture("truncated.png"), .error("truncated PNG")),
        CorpusCase("garbage.bin", .fixture("garbage.bin"), .error("it starts with bytes 00 13")),
        // HEIC variants.
        CorpusCase("cut.heic", .fixture("truncated.heic"), .error("truncated HEIC")),
        CorpusCase("no-meta.heic", .fixture("no-meta.heic"), .error("damaged HEIC data")),
        CorpusCase("zero-extent.heic", .fixture("zero-extent.heic"), .error("damaged HEIC data")),
        CorpusCase("huge-200mp.heic", .fixture("huge.heic"), .error("20000×10000 pixels is over the 100-megapixel limit")),
        // TIFF is written, not read: a clear "not supported" for every variant.
        CorpusCase("multipage.tif", .fixture("multipage.tif"), .error("(it is a TIFF image); export it as JPEG or PNG")),
        CorpusCase("gray16.tif", .fixture("gray16.tif"), .error("(it is a TIFF image); export it as JPEG or PNG")),
        CorpusCase("cut.tif", .fixture("truncated.tif"), .error("(it is a TIFF image); export it as JPEG or PNG")),
        // Other formats: BMP and GIF are refused by name, AVIF is read.
        CorpusCase("photo.bmp", .fixture("photo.bmp"), .error("(it is a BMP image)")),
        CorpusCase("photo.gif", .fixture("photo.gif"), .error("(it is a GIF image)")),
        CorpusCase("upright.avif", .fixture("upright.avif"), .page),
        // Headers claiming 200 megapixels, refused before any pixel is allocated.
        CorpusCase("huge-200mp.jpg", .fixture("huge-200mp.jpg"), .error("20000×10000 pixels is over the 100-megapixel limit")),
        CorpusCase("huge-200mp.png", .fixture("huge-200mp.png"), .error("20000×10000 pixels is over the 100-megapixel limit")),
        // Valid but odd: too small for a page, or pages of nothing.
        CorpusCase("tiny.jpg", .fixture("tiny.jpg"), .error("only 1×1 pixels, too small to hold a page"), readable: true),
        CorpusCase("tiny.png", .fixture("tiny.png"), .error("only 1×1 pixels, too small to hold a page"), readable: true),
        CorpusCase("black.jpg", .fixture("black.jpg"), .page),
        CorpusCase("white.jpg", .fixture("white.jpg"), .page),
        // Every PNG layout libpng converts, and JPEG variants.
        CorpusCase("gray16.png", .fixture("gray16.png"), .page),
        CorpusCase("gray16-alpha.png", .fixture("gray16-alpha.png"), .page),
        CorpusCase("rgb16.png", .fixture("rgb16.png"), .page),
        CorpusCase("rgba16.png", .fixture("rgba16.png"), .page),
        CorpusCase("palette.png", .fixture("palette.png"), .page),
        CorpusCase("gray-alpha.png", .fixture("gray-alpha.png"), .page),
        CorpusCase("interlaced.png", .fixture("interlaced.png"), .page),
        CorpusCase("progressive.jpg", .fixture("progressive.jpg"), .page),
        CorpusCase("jpeg-named.png", .fixture("jpeg-bytes.png"), .page),
        CorpusCase("cmyk.jpg", .fixture("cmyk.jpg"), .error("JPEG image with CMYK colour, which is not supported; export it as an RGB JPEG")),
        CorpusCase("ycck.jpg", .fixture("ycck.jpg"), .error("JPEG image with YCCK colour, which is not supported; export it as an RGB JPEG")),
        // Paths that are not plain files.
        CorpusCase("loop.jpg", .symlinkLoop, .error("too many levels of symbolic links")),
        CorpusCase("pipe.jpg", .fifo, .error("is a named pipe (FIFO), not an image file")),
        CorpusCase("zero-device", .device("/dev/zero"), .error("is a character device, not an image file")),
        CorpusCase("locked.jpg", .unreadable("scene.jpg"), nil),
    ]
}

/// The corpus batch, run once and shared by every test in the suite.
struct CorpusRun: Sendable {
    let scan: CLIRunner.Result
    let detect: CLIRunner.Result
    /// Each case's input path, by case name.
    let paths: [String: String]
    /// The PDF's page count.
    let pageCount: Int?
    /// `scan --json`'s page lines, in page order.
    nonisolated(unsafe) let pages: [[String: Any]]
    /// `detect --json`'s lines.
    nonisolated(unsafe) let detectLines: [[String: Any]]
    let folderBefore: [String]
    let folderAfter: [String]
    let asRoot: Bool

    /// The run, or the error that stopped it.
    static let shared: Result<CorpusRun, any Error> = Result { try CorpusRun() }

    /// The `flatbed: error:` lines about `path`: the message starts with the path.
    func errorLines(naming path: String) -> [String] {
        scan.stderr.split(separator: "\n").map(String.init).filter { line in
            line.hasPrefix("flatbed: error: \(path):") || line.hasPrefix("flatbed: error: \(path) ")
        }
    }

    private init() throws {
        let fixtures = CLIRunner.repository.appendingPathComponent("Tests/ScanCodecsTests/Fixtures").path
        let folder = try TemporaryFolder()
        var paths: [String: String] = [:]
        for input in CorpusCase.all {
            let path = folder.path(input.name)
            paths[input.name] = path
            switch input.source {
            case .fixture(let name):
                try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: path)
            case .missing:
                break
            case .directory:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .symlinkLoop:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: input.name + ".link")
                try FileManager.default.createSymbolicLink(atPath: path + ".link", withDestinationPath: input.name)
            case .fifo:
                guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            case .device(let device):
                paths[input.name] = device
            case .unreadable(let name):
                try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: path)
                chmod(path, 0)
            }
        }
        let inputs = [Samples.first] + CorpusCase.all.map { paths[$0.name]! }
        folderBefore = try folder.contents()
        let output = folder.path("out.pdf")
        scan = try CLIRunner.run(["scan", "--json", "--threads", "2"] + inputs + ["-o", output], timeout: 120)
        folderAfter = try folder.contents()
        pageCount = try PDFTools.pageCount(output)
        detect = try CLIRunner.run(["detect", "--json"] + inputs, timeout: 120)
        pages = Self.jsonLines(scan.stdout)
        detectLines = Self.jsonLines(detect.stdout)
        self.paths = paths
        asRoot = getuid() == 0
        // The folder is removed now: a static value is never deinitialised.
        for input in CorpusCase.all {
            if case .unreadable = input.source { chmod(folder.path(input.name), 0o600) }
        }
        try FileManager.default.removeItem(at: folder.url)
    }

    private static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }
}

import Foundation
import Testing

/// Every kind of bad input gives one clear line naming the file, a non-zero exit status, no partial
/// output, and the other inputs of the batch still come out.
@Suite("bad input")
struct BadInputTests {
    /// How to make one bad input inside a folder; returns the input's path.
    struct BadInput: CustomTestStringConvertible, Sendable {
        let name: String
        let expected: String
        let make: @Sendable (TemporaryFolder) throws -> String
        var testDescription: String { name }
    }

    static let goodJPEG: [UInt8] = {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: Samples.first)))) ?? []
    }()

    static let cases: [BadInput] = [
        BadInput(name: "missing file", expected: "no such file") { folder in folder.path("absent.jpg") },
        BadInput(name: "a directory", expected: "is a directory") { folder in
            try FileManager.default.createDirectory(atPath: folder.path("album.jpg"), withIntermediateDirectories: false)
            return folder.path("album.jpg")
        },
        BadInput(name: "zero bytes", expected: "empty") { folder in
            try folder.write("empty.jpg", [])
            return folder.path("empty.jpg")
        },
        BadInput(name: "truncated JPEG", expected: "truncated") { folder in
            try folder.write("cut.jpg", Array(goodJPEG.prefix(goodJPEG.count / 2)))
            return folder.path("cut.jpg")
        },
        BadInput(name: "PNG with a bad checksum", expected: "checksum") { folder in
            var png = PNGBuilder.solid(width: 64, height: 48, rgb: (200, 10, 10))
            png[png.count - 14] ^= 0xFF  // a byte of the IDAT chunk's CRC
            try folder.write("bad-crc.png", png)
            return folder.path("bad-crc.png")
        },
        BadInput(name: "text named .jpg", expected: "not a JPEG") { folder in
            try folder.write("notes.jpg", Array("shopping list: milk, eggs\n".utf8))
            return folder.path("notes.jpg")
        },
        BadInput(name: "header claiming 40000×40000 (PNG)", expected: "megapixel") { folder in
            try folder.write("huge.png", PNGBuilder.claiming(width: 40_000, height: 40_000))
            return folder.path("huge.png")
        },
    ]

    @Test(arguments: cases)
    func scanReportsTheBadInputAndWritesTheOthers(bad: BadInput) throws {
        let folder = try TemporaryFolder()
        let badPath = try bad.make(folder)
        let output = folder.path("out.pdf")
        let before = try folder.contents()
        let result = try CLIRunner.run(["scan", Samples.first, badPath, Samples.first, "-o", output])

        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("flatbed: error:") }
        #expect(errors.count == 1, "stderr: \(result.stderr)")
        let line = errors.first.map(String.init) ?? ""
        #expect(line.contains((badPath as NSString).lastPathComponent), "message does not name the file: \(line)")
        #expect(line.lowercased().contains(bad.expected.lowercased()), "message: \(line)")
        #expect(try PDFTools.pageCount(output) == 2)
        // Only the PDF appeared: no temporary or partial files.
        #expect(try folder.contents() == (before + ["out.pdf"]).sorted())
    }

    @Test(arguments: cases)
    func detectReportsTheBadInputAsAJSONLineAndGoesOn(bad: BadInput) throws {
        let folder = try TemporaryFolder()
        let badPath = try bad.make(folder)
        let result = try CLIRunner.run(["detect", "--json", badPath, Samples.first])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["image"] as? String == badPath)
        #expect(first?["corners"] is NSNull)
        #expect((first?["error"] as? String)?.lowercased().contains(bad.expected.lowercased()) == true)
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect(second?["image"] as? String == Samples.first)
        #expect(second?["detect_ms"] is NSNumber)
    }

    @Test(arguments: [
        ("/nonexistent-folder/out.pdf", "no such file"),
        ("NOT-A-FOLDER/out.pdf", "not a folder"),
    ])
    func unwritableOutputFailsCleanly(output: String, expected: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("NOT-A-FOLDER", [1, 2, 3])
        let path = output.hasPrefix("/") ? output : folder.path(output)
        let result = try CLIRunner.run(["scan", Samples.first, "-o", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(path))
        #expect(result.stderr.contains(expected), "stderr: \(result.stderr)")
        #expect(try folder.contents() == ["NOT-A-FOLDER"])
    }

    @Test(arguments: [
        ("crossing", "[[10,10],[300,300],[300,10],[10,300]]", "cross"),
        ("missing", "[[10,10],[300,10],[300,300]]", "expected 4 corners"),
        ("outside", "[[10,10],[90000,10],[90000,300],[10,300]]", "outside"),
        ("not numbers", "[[\"a\",1],[2,3],[4,5],[6,7]]", "not [x, y]"),
    ])
    func badCornersNameTheImageAndSpareTheOthers(kind: String, corners: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let second = folder.path("second.jpg")
        try FileManager.default.copyItem(atPath: Samples.first, toPath: second)
        try folder.write("corners.jsonl", Array("{\"image\": \"\(second)\", \"corners\": \(corners)}\n".utf8))
        let output = folder.path("out.pdf")
        let result = try CLIRunner.run(["scan", Samples.first, second, "--corners", folder.path("corners.jsonl"), "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr.contains("second.jpg"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains(expected), "stderr: \(result.stderr)")
        // Only that page is skipped; the first photo still becomes a page.
        #expect(try PDFTools.pageCount(output) == 1)
    }
}

/// poppler's command-line tools, for checking what the CLI wrote.
enum PDFTools {
    static func pageCount(_ path: String) throws -> Int? {
        let text = try run("/usr/bin/pdfinfo", [path])
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }) else { return nil }
        return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
    }

    static func status(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

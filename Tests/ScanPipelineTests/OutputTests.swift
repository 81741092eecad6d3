import Foundation
import Testing
@testable import ScanPipeline

@Suite("output targets and atomic files")
struct OutputTests {
    @Test(arguments: [
        ("out/scan.pdf", OutputTarget.Format.pdf, "out/scan.pdf"),
        ("out/scan.JPG", .jpeg, "out/scan-3.JPG"),
        ("scan.jpeg", .jpeg, "scan-3.jpeg"),
        ("/tmp/a.b/page.png", .png, "/tmp/a.b/page-3.png"),
    ])
    func formatAndPageNamesFollowTheExtension(path: String, format: OutputTarget.Format, third: String) throws {
        let target = try OutputTarget(path: path)
        #expect(target.format == format)
        #expect(target.path(forPage: 3) == third)
    }

    @Test(arguments: ["scan.docx", "scan", "scan.tiff.bak"])
    func unknownExtensionsAreRejected(path: String) {
        #expect(throws: PipelineError.unsupportedOutput(path: path)) { try OutputTarget(path: path) }
    }

    @Test func aSingleImageTargetIsNotNumberedAndNeverAPDF() throws {
        #expect(try OutputTarget(singleImageAt: "a.png").path(forPage: 1) == "a.png")
        #expect(throws: PipelineError.unsupportedOutput(path: "a.pdf")) { try OutputTarget(singleImageAt: "a.pdf") }
    }

    @Test func anAtomicFileAppearsOnlyOnCommit() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/doc.pdf"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let file = try AtomicFile(path: path)
        try file.write(Array("new contents".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new contents")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["doc.pdf"])
    }

    @Test func anUncommittedFileLeavesNothing() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let file = try AtomicFile(path: folder + "/doc.pdf")
            try file.write([1, 2, 3])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let discarded = try AtomicFile(path: folder + "/doc.pdf")
        discarded.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aMissingFolderIsAClearError() {
        #expect(throws: PipelineError.outputUnwritable(path: "/no/such/folder/doc.pdf", reason: "no such file or folder")) {
            try AtomicFile(path: "/no/such/folder/doc.pdf")
        }
    }

    @Test func aFolderIsNotAnOutputFile() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: PipelineError.outputUnwritable(path: folder, reason: "is a folder")) { try AtomicFile(path: folder) }
    }

    @Test func jsonTextEscapesAndRounds() {
        #expect(JSONText.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
        #expect(JSONText.number(1.23456, digits: 2) == "1.23")
        #expect(JSONText.number(2.0, digits: 3) == "2")
        #expect(JSONText.number(-0.0001, digits: 2) == "0")
        #expect(JSONText.number(.nan, digits: 2) == "null")
        #expect(JSONText.corners(nil) == "null")
    }
}

func makeFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flatbed-pipeline-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

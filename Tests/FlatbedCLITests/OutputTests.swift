import Foundation
import Testing

@Suite("flatbed outputs")
struct CLIOutputTests {
    @Test func detectJSONFollowsTheContract() throws {
        let inputs = Samples.all
        try #require(inputs.count >= 2)
        let result = try CLIRunner.run(["detect", "--json"] + inputs)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == inputs.count)
        for (line, input) in zip(lines, inputs) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["image"] as? String == input)
            let confidence = try #require(object["confidence"] as? Double)
            #expect((0...1).contains(confidence))
            #expect((object["detect_ms"] as? Double).map { $0 >= 0 } == true)
            if let corners = object["corners"] as? [[Double]] {
                #expect(corners.count == 4 && corners.allSatisfy { $0.count == 2 })
                // Contract order: the first corner has the smallest x + y.
                let sums = corners.map { $0[0] + $0[1] }
                #expect(sums[0] == sums.min())
            } else {
                #expect(object["corners"] is NSNull)
            }
        }
    }

    @Test func scanToNumberedImagesWritesOneFilePerInput() throws {
        let folder = try TemporaryFolder()
        let inputs = Array(Samples.all.prefix(2))
        let result = try CLIRunner.run(["scan"] + inputs + ["-o", folder.path("page.jpg"), "--dpi", "100", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try folder.contents() == (1...inputs.count).map { "page-\($0).jpg" })
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == inputs.count)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(["detected", "whole-photo"].contains(object["source"] as? String))
        }
    }

    @Test func scanWritesAValidPDFWithOnePagePerInput() throws {
        let folder = try TemporaryFolder()
        let output = folder.path("samples.pdf")
        let result = try CLIRunner.run(["scan"] + Samples.all + ["-o", output, "--title", "Flatbed (test) ✓"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("wrote \(output)"))
        #expect(try PDFTools.pageCount(output) == Samples.all.count)
        let info = try PDFTools.run("/usr/bin/pdfinfo", [output])
        #expect(info.contains("Title:           Flatbed (test) ✓"))
        let check = try PDFTools.run("/usr/bin/qpdf", ["--check", output])
        #expect(check.contains("No syntax or stream encoding errors"))
    }

    @Test func rectifyWritesExactlyTheNamedFile() throws {
        let folder = try TemporaryFolder()
        let output = folder.path("flat.png")
        let result = try CLIRunner.run(["rectify", Samples.first, "-o", output, "--quad", "100,100,500,120,480,700,90,690", "--page-size", "fit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try folder.contents() == ["flat.png"])
    }

    /// A disk that fills up mid-write: a 16 KB tmpfs, mounted only where the tests run as root (CI does).
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskIsAClearErrorAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let mountPoint = folder.path("tiny")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        let mounted = try PDFTools.status("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mountPoint])
        try #require(mounted == 0, "could not mount a tmpfs")
        defer { _ = try? PDFTools.status("/bin/umount", [mountPoint]) }
        let output = mountPoint + "/out.pdf"
        let result = try CLIRunner.run(["scan", Samples.first, "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(output): cannot write (disk full)"), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint).isEmpty)
    }
}

@Suite("searchable output")
struct SearchableOutputTests {
    @Test func scanWithOCRMakesASearchablePDFAndASidecar() throws {
        let folder = try TemporaryFolder()
        let photo = Samples.folder.appendingPathComponent("letter-on-wood.jpg").path
        let output = folder.path("letter.pdf")
        let result = try CLIRunner.run(["scan", photo, "--ocr", "--sidecar", "-o", output])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let text = try PDFTools.run("/usr/bin/pdftotext", [output, "-"])
        for word in ["Arrow", "Nakamura", "Dear", "Patel"] {
            #expect(text.contains(word), "pdftotext misses \(word): \(text.prefix(400))")
        }
        let sidecar = try String(contentsOfFile: folder.path("letter.txt"), encoding: .utf8)
        #expect(sidecar.contains("Nakamura"))
        #expect(try folder.contents() == ["letter.pdf", "letter.txt"])
    }

    @Test func aMissingLanguageFailsBeforeAnyPageNamingThePackage() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["scan", Samples.first, "--ocr", "--lang", "eng+fra", "-o", folder.path("out.pdf")])
        #expect(result.status != 0)
        #expect(result.stderr.contains("tesseract-ocr-fra"), "stderr: \(result.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    @Test func tiffOutputIsOneMultiPageFile() throws {
        let folder = try TemporaryFolder()
        let output = folder.path("pages.tif")
        let result = try CLIRunner.run(["scan"] + Samples.all + ["-o", output, "--dpi", "100"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let info = try PDFTools.run("/usr/bin/tiffinfo", [output])
        #expect(info.components(separatedBy: "TIFF Directory at offset").count - 1 == Samples.all.count)
    }
}

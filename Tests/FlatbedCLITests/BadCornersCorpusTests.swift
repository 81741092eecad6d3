import Foundation
import Testing

/// Every way a corners file can be wrong: entries with bad corners fail only their own image (in
/// one batch beside a photo whose corners are fine); a file that is not a corners file at all
/// stops the command before any page, naming the file. Nothing crashes.
@Suite("bad corners corpus")
struct BadCornersCorpusTests {
    /// One image's `"corners"` value and the text its error must contain.
    static let entries: [(name: String, corners: String, expected: String)] = [
        ("string", "\"abc\"", "is not a list"),
        ("object", "{\"x\": 1}", "is not a list"),
        ("number", "7", "is not a list"),
        ("strings", "[[\"a\",1],[2,3],[4,5],[6,7]]", "not [x, y]"),
        ("booleans", "[[true,1],[2,1],[2,2],[1,2]]", "not [x, y]"),
        ("triples", "[[10,10,3],[100,10],[100,100],[10,100]]", "not [x, y]"),
        ("three", "[[10,10],[100,10],[100,100]]", "expected 4 corners, got 3"),
        ("five", "[[10,10],[100,10],[100,100],[10,100],[5,5]]", "expected 4 corners, got 5"),
        ("none", "[]", "expected 4 corners, got 0"),
        ("duplicated", "[[10,10],[10,10],[100,100],[10,100]]", "corners 1 and 2 in"),
        ("one-point", "[[10,10],[10,10],[10,10],[10,10]]", "are the same point"),
        ("crossing", "[[10,10],[100,100],[100,10],[10,100]]", "cross each other"),
        ("reversed", "[[100,10],[10,10],[10,100],[100,100]]", "cross each other"),
        ("outside", "[[10,10],[90000,10],[90000,100],[10,100]]", "lies outside the 160×120 image"),
        ("huge", "[[1e300,1e300],[2e300,1e300],[2e300,2e300],[1e300,2e300]]", "far outside any image"),
        ("huge-negative", "[[-1e300,-1e300],[1e300,-1e300],[1e300,1e300],[-1e300,1e300]]", "far outside any image"),
        ("max-double", "[[0,0],[1.7976931348623157e308,0],[1.7976931348623157e308,1],[0,1]]", "far outside any image"),
    ]

    @Test("each bad entry fails its own image with a clear line; the other pages are written")
    func entriesFailOneByOne() throws {
        let folder = try TemporaryFolder()
        let scene = CLIRunner.repository.appendingPathComponent("Tests/ScanCodecsTests/Fixtures/scene.jpg").path
        var lines: [String] = []
        var inputs = [scene]
        for entry in Self.entries {
            let path = folder.path("corners-\(entry.name).jpg")
            try FileManager.default.copyItem(atPath: scene, toPath: path)
            inputs.append(path)
            lines.append("{\"image\": \"\(path)\", \"corners\": \(entry.corners)}")
        }
        // One entry that is fine: that page is made from its corners.
        let good = folder.path("corners-good.jpg")
        try FileManager.default.copyItem(atPath: scene, toPath: good)
        inputs.append(good)
        lines.append("{\"image\": \"\(good)\", \"corners\": [[20,10],[140,12],[138,110],[22,108]]}")
        try folder.write("corners.jsonl", Array(lines.joined(separator: "\n").utf8))
        let before = try folder.contents()

        let output = folder.path("out.pdf")
        let result = try CLIRunner.run(["scan"] + inputs + ["--corners", folder.path("corners.jsonl"), "-o", output], timeout: 120)
        #expect(!result.crashed && !result.timedOut, "stderr: \(result.stderr)")
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("flatbed: error:") }
        #expect(errors.count == Self.entries.count, "stderr: \(result.stderr)")
        for entry in Self.entries {
            let path = folder.path("corners-\(entry.name).jpg")
            let mine = errors.filter { $0.hasPrefix("flatbed: error: \(path):") }
            #expect(mine.count == 1, "\(entry.name): stderr: \(result.stderr)")
            #expect(mine.first?.contains(entry.expected) == true, "\(entry.name): \(mine.first ?? "no line")")
            #expect(mine.first?.contains("; ") == true, "\(entry.name): says nothing to do")
        }
        // The scene with no entry (detected) and the good entry's page.
        #expect(try PDFTools.pageCount(output) == 2)
        #expect(try folder.contents() == (before + ["out.pdf"]).sorted())
    }

    @Test("a file that is not a corners file stops the command, naming it", arguments: [
        ("not JSON", "corners please", "line 1 is not JSON"),
        ("NaN", "{\"image\": \"a.jpg\", \"corners\": [[NaN,1],[2,1],[2,2],[1,2]]}", "line 1 is not JSON"),
        ("out of range", "{\"image\": \"a.jpg\", \"corners\": [[1e999,1],[2,1],[2,2],[1,2]]}", "line 1 is not JSON"),
        ("numbers", "[1, 2]", "entry 1 has no \"image\""),
        ("image not a string", "{\"image\": 5, \"corners\": null}", "entry 1 has no \"image\""),
        ("cut short", "{\"image\": \"a.jpg\", \"corners\": [[1,", "line 1 is not JSON"),
        ("binary", "\u{0}\u{1}\u{2}\u{FFFD}", "not"),
    ])
    func wholeFileInvalid(kind: String, text: String, expected: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("corners.jsonl", Array(text.utf8))
        let output = folder.path("out.pdf")
        let result = try CLIRunner.run(["scan", Samples.first, "--corners", folder.path("corners.jsonl"), "-o", output], timeout: 60)
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status != 0)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("flatbed: error:") }
        #expect(errors.count == 1, "stderr: \(result.stderr)")
        #expect(errors.first?.contains("corners.jsonl") == true && errors.first?.contains(expected) == true,
                "stderr: \(result.stderr)")
        #expect(try folder.contents() == ["corners.jsonl"])
    }
}

import Foundation
import ScanCore
import Testing
@testable import ScanPipeline

@Suite("corners files")
struct CornersFileTests {
    private func parse(_ text: String) throws -> CornersFile {
        try CornersFile(data: Data(text.utf8), path: "corners.jsonl")
    }

    @Test func readsJSONLinesInTheDetectFormat() throws {
        let file = try parse("""
            {"image": "a.jpg", "corners": [[1,2],[30,2],[30,40],[1,40]], "confidence": 0.9, "detect_ms": 3}
            {"image": "dir/b.jpg", "corners": null}

            """)
        #expect(file.entry(for: "a.jpg") == .corners(Quad(topLeft: Point(1, 2), topRight: Point(30, 2), bottomRight: Point(30, 40), bottomLeft: Point(1, 40))))
        #expect(file.entry(for: "dir/b.jpg") == .noDocument)
        #expect(file.entry(for: "c.jpg") == nil)
    }

    @Test func readsAJSONList() throws {
        let file = try parse(#"[{"image": "a.jpg", "corners": [[0,0],[10,0],[10,10],[0,10]]}]"#)
        guard case .corners = file.entry(for: "a.jpg") else {
            Issue.record("a.jpg has no corners")
            return
        }
    }

    @Test func matchesByFileNameWhenUnambiguous() throws {
        let file = try parse("""
            {"image": "/photos/a.jpg", "corners": null}
            {"image": "/x/b.jpg", "corners": null}
            {"image": "/y/b.jpg", "corners": null}
            """)
        #expect(file.entry(for: "elsewhere/a.jpg") == .noDocument)
        #expect(file.entry(for: "b.jpg") == nil)
    }

    @Test func aBadEntrySparesTheOthers() throws {
        let file = try parse("""
            {"image": "three.jpg", "corners": [[0,0],[10,0],[10,10]]}
            {"image": "words.jpg", "corners": [["a",0],[10,0],[10,10],[0,10]]}
            {"image": "good.jpg", "corners": [[0,0],[10,0],[10,10],[0,10]]}
            """)
        #expect(file.entry(for: "three.jpg") == .invalid(.invalidCorners(image: "three.jpg", problem: .wrongCornerCount(3))))
        guard case .invalid(let problem) = file.entry(for: "words.jpg") else {
            Issue.record("words.jpg should be invalid")
            return
        }
        #expect(problem.description.contains("words.jpg"))
        guard case .corners = file.entry(for: "good.jpg") else {
            Issue.record("good.jpg should have corners")
            return
        }
    }

    @Test(arguments: [
        ("{not json", "line 1 is not JSON"),
        (#"[{"corners": null}]"#, "entry 1 has no \"image\""),
        (#"{"image": "a.jpg", "corners": null}\n[1, 2"#, "line 2 is not JSON"),
        ("[1, 2]", "entry 1 has no \"image\""),
    ])
    func structuralProblemsRejectTheWholeFile(text: String, reason: String) {
        #expect(throws: PipelineError.cornersFileInvalid(path: "corners.jsonl", reason: reason)) {
            try parse(text.replacingOccurrences(of: "\\n", with: "\n"))
        }
    }

    @Test func aMissingFileNamesThePath() {
        let error = #expect(throws: PipelineError.self) { try CornersFile(contentsOf: "/no/such/corners.json") }
        #expect(error?.description.hasPrefix("/no/such/corners.json: cannot read the corners file (no such file") == true)
    }
}

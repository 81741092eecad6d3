import Foundation
import ScanCodecs
import ScanCore
import ScanOCR

/// A clean page of printed text drawn by Pillow in DejaVu Sans, with each word's ink box as the truth
/// to compare OCR against. Needs python3 with Pillow and fonts-dejavu-core.
struct PrintedPage {
    /// The page, gray, white paper with black text.
    var image: Image<Gray8>
    /// The printed words in reading order, with their ink boxes in pixels.
    var words: [(text: String, box: TextBox)]

    /// Draws `lines` at `fontSize` px, `lineSpacing` px apart, from a margin of `margin` px.
    static func render(lines: [String], fontSize: Int = 40, width: Int = 1400, margin: Int = 80) throws -> PrintedPage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let linesFile = folder.appendingPathComponent("lines.json")
        try JSONEncoder().encode(lines).write(to: linesFile)
        let png = folder.appendingPathComponent("page.png"), boxes = folder.appendingPathComponent("boxes.tsv")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, linesFile.path, png.path, boxes.path,
                             String(fontSize), String(width), String(margin)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RenderFailure(status: process.terminationStatus) }
        let gray = try ImageFile.read(path: png.path, as: Gray8.self).image
        let rows = try String(contentsOf: boxes, encoding: .utf8).split(separator: "\n")
        let words = rows.map { row -> (String, TextBox) in
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let n = fields[1...4].map { Int($0)! }
            return (fields[0], TextBox(left: n[0], top: n[1], right: n[2], bottom: n[3]))
        }
        return PrintedPage(image: gray, words: words)
    }

    struct RenderFailure: Error { var status: Int32 }

    private static let script = """
        import json, sys
        from PIL import Image, ImageDraw, ImageFont
        lines = json.load(open(sys.argv[1], encoding="utf-8"))
        size, width, margin = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size)
        step = int(size * 1.6)
        height = 2 * margin + step * len(lines)
        page = Image.new("L", (width, height), 255)
        draw = ImageDraw.Draw(page)
        space = draw.textlength(" ", font=font)
        out = open(sys.argv[3], "w", encoding="utf-8")
        for row, line in enumerate(lines):
            x, y = margin, margin + row * step
            for word in line.split(" "):
                mask = Image.new("L", (width, height), 0)
                ImageDraw.Draw(mask).text((x, y), word, font=font, fill=255)
                draw.text((x, y), word, font=font, fill=0)
                box = mask.getbbox()
                out.write("%s\\t%d\\t%d\\t%d\\t%d\\n" % (word, box[0], box[1], box[2], box[3]))
                x += draw.textlength(word, font=font) + space
        page.save(sys.argv[2])
        """
}

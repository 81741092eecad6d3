import Foundation
import ScanPDF

/// Runs the PDF command-line tools (qpdf, poppler-utils) on files the tests write.
enum PDFTools {
    /// What a finished tool run printed.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `tool` (looked up on PATH) with `arguments`; stdout and stderr are captured separately.
    static func run(_ tool: String, _ arguments: [String]) throws -> Run {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("scanpdf-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   output: String(decoding: data, as: UTF8.self),
                   errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// `pdfinfo` fields as key → value, with per-page sizes for pages 1…`pages`.
    static func info(_ file: URL, pages: Int = 1) throws -> [String: String] {
        let run = try run("pdfinfo", ["-enc", "UTF-8", "-isodates", "-f", "1", "-l", String(pages), file.path])
        var fields: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[key.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")] = value
        }
        return fields
    }

    /// The page size pdfinfo reports for `page` ("Page 1 size: 595.2 x 841.92 pts (A4)"), in points.
    static func pageSize(_ fields: [String: String], page: Int) -> (width: Double, height: Double)? {
        guard let value = fields["Page \(page) size"] else { return nil }
        let parts = value.split(separator: " ")
        guard parts.count >= 3, let width = Double(parts[0]), let height = Double(parts[2]) else { return nil }
        return (width, height)
    }

    /// One row of `pdfimages -list`.
    struct ImageRow {
        var page: Int
        var width: Int
        var height: Int
        var color: String
        var components: Int
        var bitsPerComponent: Int
        var encoding: String
        var xPPI: Int
        var yPPI: Int
    }

    /// The images `pdfimages -list` finds, in page order.
    static func images(_ file: URL) throws -> [ImageRow] {
        let run = try run("pdfimages", ["-list", file.path])
        return run.output.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 14, let page = Int(f[0]), let width = Int(f[3]), let height = Int(f[4]),
                  let components = Int(f[6]), let bits = Int(f[7]), let x = Int(f[12]), let y = Int(f[13])
            else { return nil }
            return ImageRow(page: page, width: width, height: height, color: f[5], components: components,
                            bitsPerComponent: bits, encoding: f[8], xPPI: x, yPPI: y)
        }
    }

    /// Renders one page with `pdftoppm -r <dpi>` and returns its pixels.
    static func render(_ file: URL, page: Int, dpi: Int = 30) throws -> PPMImage {
        let prefix = file.deletingPathExtension().path + "-render-\(page)"
        let run = try run("pdftoppm", ["-r", String(dpi), "-f", String(page), "-l", String(page),
                                       "-singlefile", file.path, prefix])
        guard run.status == 0 else { throw ToolFailure(tool: "pdftoppm", message: run.errors) }
        return try PPMImage(contentsOf: URL(fileURLWithPath: prefix + ".ppm"))
    }

    /// A tool exited unsuccessfully.
    struct ToolFailure: Error, CustomStringConvertible {
        var tool: String
        var message: String
        var description: String { "\(tool) failed: \(message)" }
    }
}

/// A scratch directory removed when the test is done with it.
final class TemporaryDirectory {
    /// The directory.
    let url: URL

    /// Creates a fresh, empty directory.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scanpdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the directory.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// Writes the PDF to a file through a `FileHandle`, as the pipeline will.
struct FileSink: PDFByteSink {
    let handle: FileHandle
    /// How many `write` calls arrived, to show the writer streams.
    private(set) var writes = 0

    init(creating url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    mutating func write(_ bytes: some Collection<UInt8>) throws {
        try handle.write(contentsOf: Data(bytes))
        writes += 1
    }

    func close() throws { try handle.close() }
}

extension PDFWriter where Sink == FileSink {
    /// Writes a whole document of `pages` to `url` and returns the file size.
    @discardableResult
    static func writeFile(_ url: URL, info: PDFDocumentInfo = PDFDocumentInfo(),
                          pages: [(PDFImage, PDFPageSize)]) throws -> Int {
        var writer = PDFWriter(sink: try FileSink(creating: url), info: info)
        for (image, size) in pages { try writer.addPage(image: image, size: size) }
        let size = try writer.finish()
        try writer.sink.close()
        return size
    }
}

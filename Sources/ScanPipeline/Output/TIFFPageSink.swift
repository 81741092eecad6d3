import Foundation
import ScanCodecs

/// Pages streamed into one multi-page TIFF, written beside the target and renamed into place when complete.
struct TIFFPageSink: PageSink {
    let path: String
    private let temporaryPath: String
    private let writer: TIFFPageWriter
    private var texts: [String] = []
    private let sidecar: Bool

    init(path: String, options: TIFFPageWriter.Options, sidecar: Bool) throws(PipelineError) {
        self.path = path
        self.sidecar = sidecar
        let url = URL(fileURLWithPath: path)
        temporaryPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)").path
        do {
            writer = try TIFFPageWriter(path: temporaryPath, options: options)
        } catch {
            throw .outputUnwritable(path: path, reason: Self.reason(error))
        }
    }

    mutating func add(_ page: PageRenderer.RenderedPage, number: Int) throws(PipelineError) -> String {
        guard let pixels = page.pixels else { preconditionFailure("tiff pages keep their pixels") }
        do {
            try writer.addPage(pixels, dpi: page.dpi)
        } catch {
            throw .outputUnwritable(path: path, reason: Self.reason(error))
        }
        texts.append(page.text?.plainText ?? "")
        return path
    }

    mutating func finish(output: String) throws(PipelineError) -> [String] {
        guard writer.pageCount > 0 else {
            discard()
            throw .nothingToWrite(output: output)
        }
        do {
            try writer.finish()
        } catch {
            discard()
            throw .outputUnwritable(path: path, reason: Self.reason(error))
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .outputUnwritable(path: path, reason: reason)
        }
        return [path] + (sidecar ? [try SidecarText.write(texts, beside: path)] : [])
    }

    mutating func discard() { unlink(temporaryPath) }

    private static func reason(_ error: CodecError) -> String {
        if case .unwritable(_, let reason) = error { return reason }
        return error.description
    }
}

/// The `.txt` written beside a document with `--sidecar`: each page's text, form feeds between pages.
enum SidecarText {
    /// Writes `pages` to `document`'s path with the extension `.txt`, atomically; returns that path.
    static func write(_ pages: [String], beside document: String) throws(PipelineError) -> String {
        let path = URL(fileURLWithPath: document).deletingPathExtension().appendingPathExtension("txt").path
        let text = pages.map { $0 + "\n" }.joined(separator: "\u{0C}")
        try AtomicFile.write(Array(text.utf8), to: path)
        return path
    }
}

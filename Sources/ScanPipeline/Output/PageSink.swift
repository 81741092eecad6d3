import Foundation
import ScanOCR
import ScanPDF

/// Where rendered pages go, one at a time, in order.
public protocol PageSink {
    /// Writes or appends one page; `number` is its 1-based input position. Returns where it went.
    /// Throws `PipelineError.pageFailed` when this page alone cannot go into the output (which
    /// stays usable for the other pages), another `PipelineError` when the output itself failed.
    mutating func add(_ page: PageRenderer.RenderedPage, number: Int) throws(PipelineError) -> String
    /// Completes the output and returns the paths written.
    mutating func finish(output: String) throws(PipelineError) -> [String]
    /// Abandons the output, leaving no partial file.
    mutating func discard()
}

/// Pages streamed into one PDF, written atomically: the file appears only when complete.
public struct PDFPageSink: PageSink {
    private let file: AtomicFile
    private var writer: PDFWriter<AtomicFileSink>
    private let sidecar: Bool
    private var texts: [String] = []

    /// Starts a PDF at `path` (written beside it, renamed into place by `finish`).
    ///
    /// - Parameter sidecar: also write the pages' text to a `.txt` beside it.
    public init(path: String, title: String, sidecar: Bool = false) throws(PipelineError) {
        self.sidecar = sidecar
        file = try AtomicFile(path: path)
        var info = PDFDocumentInfo(title: title)
        info.producer = PDFDocumentInfo.producer(flatbedVersion: FlatbedInfo.version)
        info.creationDate = PDFDate.current()
        writer = PDFWriter(sink: AtomicFileSink(file: file), info: info)
    }

    public mutating func add(_ page: PageRenderer.RenderedPage, number: Int) throws(PipelineError) -> String {
        let (width, height) = (page.summary.pixelWidth, page.summary.pixelHeight)
        let image = page.isBilevel
            ? PDFImage.ccittG4(bytes: page.bytes, width: width, height: height)
            : PDFImage.jpeg(bytes: page.bytes, width: width, height: height, components: page.components)
        // Every word of a line shares the line's top and height, so text extractors see one
        // baseline and one font size and keep the line together in reading order.
        let words = (page.text?.lines ?? []).flatMap { line in
            line.words.map { word in
                PDFTextWord(text: word.text, x: Double(word.box.x), y: Double(line.box.y),
                            width: Double(word.box.width), height: Double(line.box.height))
            }
        }
        do {
            try writer.addPage(image: image, size: .dpi(page.dpi), text: words)
        } catch let error as PDFError where error.concernsThePage && file.failure == nil {
            // Refused before anything was written: the document goes on without this page.
            throw .pageFailed(image: "page \(number)", reason: error.description)
        } catch {
            throw file.failure ?? .outputUnwritable(path: file.path, reason: "\(error)")
        }
        texts.append(page.text?.plainText ?? "")
        return file.path
    }

    public mutating func finish(output: String) throws(PipelineError) -> [String] {
        guard writer.pageCount > 0 else {
            file.discard()
            throw .nothingToWrite(output: output)
        }
        do {
            _ = try writer.finish()
        } catch {
            throw file.failure ?? .outputUnwritable(path: file.path, reason: "\(error)")
        }
        try file.commit()
        return [file.path] + (sidecar ? [try SidecarText.write(texts, beside: file.path)] : [])
    }

    public mutating func discard() { file.discard() }
}

/// Adapts an `AtomicFile` to the PDF writer's byte sink.
struct AtomicFileSink: PDFByteSink {
    let file: AtomicFile

    mutating func write(_ bytes: some Collection<UInt8>) throws {
        let written = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PipelineError) in try file.write(UnsafeRawBufferPointer(buffer)) }
        }
        if let written {
            try written.get()
        } else {
            try file.write(Array(bytes))
        }
    }
}

/// One image file per page (`name-1.jpg`, …) or the single file of `rectify`, each atomic.
struct ImageFilesPageSink: PageSink {
    let target: OutputTarget
    private var written: [String] = []

    init(target: OutputTarget) throws(PipelineError) {
        self.target = target
        // Fail before any work when the folder can't take files.
        let probe = try AtomicFile(path: target.path(forPage: 1))
        probe.discard()
    }

    mutating func add(_ page: PageRenderer.RenderedPage, number: Int) throws(PipelineError) -> String {
        let path = target.path(forPage: number)
        try AtomicFile.write(page.bytes, to: path)
        written.append(path)
        return path
    }

    mutating func finish(output: String) throws(PipelineError) -> [String] {
        guard !written.isEmpty else { throw .nothingToWrite(output: output) }
        return written
    }

    /// Pages already written stay: each is complete on its own.
    mutating func discard() {}
}

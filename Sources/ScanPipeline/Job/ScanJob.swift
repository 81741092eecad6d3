import Dispatch
import Foundation
import ScanCodecs
import ScanCore
import ScanOCR

/// A batch of photos turned into one document or a set of page images.
///
/// Pages are rendered in parallel, a few at a time (one per worker), and written in input order as
/// soon as they are ready, so memory holds only the pages in flight, however long the batch.
public struct ScanJob: Sendable {
    /// The input photo paths, in page order.
    public let inputs: [String]
    /// Corners given per input instead of detection.
    public let corners: CornersFile?
    /// How the pages are made.
    public let options: ScanOptions

    /// Creates a job.
    public init(inputs: [String], corners: CornersFile? = nil, options: ScanOptions = ScanOptions()) {
        self.inputs = inputs
        self.corners = corners
        self.options = options
    }

    /// Runs the job, reporting each input's start, page or error through `events` (on the calling
    /// thread, in input order).
    /// - Returns: the paths written, or the error that stopped the output as a whole (nothing to
    ///   write, unwritable output). A failed input does not stop the others.
    public func run(into target: OutputTarget, events: (ScanEvent) -> Void) -> Result<[String], PipelineError> {
        let renderer = PageRenderer(options: options, corners: corners)
        // A missing OCR language stops the job before any page, with the package to install.
        if let ocr = options.ocr {
            do {
                _ = try TessdataLocator.folder(for: ocr)
            } catch {
                return .failure(.ocrUnavailable(error as? OCRError ?? .noLanguage))
            }
        }
        var oneThreadEach = options
        oneThreadEach.threads = 1
        let parallelRenderer = PageRenderer(options: oneThreadEach, corners: corners, recognizers: renderer.recognizers)
        var sink: any PageSink
        do {
            sink = try makeSink(for: target)
        } catch {
            return .failure(error)
        }
        let workers = max(1, min(options.threads ?? Parallel.processorCount, inputs.count))
        // Each page renders with all threads when alone, or one thread each when several are in flight.
        var windowStart = 0
        while windowStart < inputs.count {
            let window = windowStart..<min(inputs.count, windowStart + workers)
            for index in window { events(.started(index: index, input: inputs[index])) }
            let parallel = window.count > 1
            let results = render(window, with: parallel ? parallelRenderer : renderer, format: target.format, parallel: parallel)
            for (index, result) in zip(window, results) {
                switch result {
                case .success(var page):
                    do {
                        page.summary.writtenTo = try sink.add(page, number: index + 1)
                        events(.finished(index: index, page: page.summary))
                    } catch .pageFailed(_, let reason) {
                        // This page alone cannot go into the output: the others still do.
                        events(.failed(index: index, input: inputs[index],
                                       error: PipelineError.pageFailed(image: inputs[index], reason: reason)))
                    } catch {
                        sink.discard()
                        return .failure(error)
                    }
                case .failure(let error):
                    events(.failed(index: index, input: inputs[index], error: error))
                }
            }
            windowStart = window.upperBound
        }
        do {
            return .success(try sink.finish(output: target.path))
        } catch {
            sink.discard()
            return .failure(error)
        }
    }

    /// The sink for the target's format, created before any work so an unwritable output fails fast.
    private func makeSink(for target: OutputTarget) throws(PipelineError) -> any PageSink {
        switch target.format {
        case .pdf:
            let title = options.title ?? URL(fileURLWithPath: target.path).deletingPathExtension().lastPathComponent
            return try PDFPageSink(path: target.path, title: title, sidecar: options.sidecar)
        case .tiff:
            var tiffOptions = TIFFPageWriter.Options()
            tiffOptions.compression = options.tiffCompression
            tiffOptions.jpegQuality = options.jpegQuality
            return try TIFFPageSink(path: target.path, options: tiffOptions, sidecar: options.sidecar)
        case .jpeg, .png:
            return try ImageFilesPageSink(target: target)
        }
    }

    private func render(
        _ window: Range<Int>, with renderer: PageRenderer, format: OutputTarget.Format, parallel: Bool
    ) -> [Result<PageRenderer.RenderedPage, any Error>] {
        let slots = ResultSlots(count: window.count)
        let inputs = self.inputs
        let work = { @Sendable (offset: Int) in
            let input = inputs[window.lowerBound + offset]
            slots.set(offset, Result { try renderer.render(input, format: format) })
        }
        if parallel {
            DispatchQueue.concurrentPerform(iterations: window.count, execute: work)
        } else {
            for offset in 0..<window.count { work(offset) }
        }
        return slots.values
    }
}

/// Results written by concurrent workers, one slot each.
private final class ResultSlots: @unchecked Sendable {
    private var storage: [Result<PageRenderer.RenderedPage, any Error>?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<PageRenderer.RenderedPage, any Error>) {
        lock.withLock { storage[index] = value }
    }

    var values: [Result<PageRenderer.RenderedPage, any Error>] {
        lock.withLock { storage.map { $0! } }
    }
}

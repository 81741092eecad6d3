import Foundation
import ScanCodecs
import ScanCore
import ScanOCR
import ScanPipeline

extension ServerAPI {
    func registerExportRoutes(into router: inout Router) {
        router.add("GET", "/api/sessions/:id/export") { request throws(ServerError) in
            let session = try store.session(sessionID(request))
            let format = request.query["format"] ?? "pdf"
            guard format == "pdf" || format == "zip" else {
                throw .invalidQuery(name: "format", value: format, expected: "pdf or zip")
            }
            let ocr = request.query["ocr"] ?? "0"
            guard ocr == "0" || ocr == "1" else { throw .invalidQuery(name: "ocr", value: ocr, expected: "0 or 1") }
            // A text layer only exists in a PDF; asking for it with a ZIP is a mistake worth reporting.
            if ocr == "1" && format == "zip" { throw .invalidQuery(name: "ocr", value: ocr, expected: "0 with format=zip") }
            guard !session.pages.isEmpty else { throw .nothingToExport(sessionID: session.id) }
            let name = "flatbed-" + Timestamp.iso8601(session.createdAt).prefix(10)
            let renderers = rendering.renderers(ocr: ocr == "1" ? OCROptions() : nil)
            return format == "pdf"
                ? try exportPDF(session, name: name, renderers: renderers)
                : try exportZip(session, name: name, renderers: renderers)
        }
    }

    private func renderedPages(
        _ session: Session, renderers: PageRendering.Renderers, each body: (Int, PageRenderer.RenderedPage) throws(ServerError) -> Void) throws(ServerError) {
        for (index, page) in session.pages.enumerated() {
            let photo: DecodedImage<RGB8>
            do {
                photo = try intake.storedPhoto(of: page, from: store.photos)
            } catch {
                throw damagedPages(session, from: index, first: error)
            }
            let rendered = try rendering.render(page, photo: photo.image, focalLength: photo.focalLength,
                                                renderers: renderers)
            try body(index, rendered)
        }
    }

    /// The error for an export that met a damaged photo at page `start` (0-based): it names that
    /// page and every later one that is damaged too, so one retry after fixing them succeeds.
    private func damagedPages(_ session: Session, from start: Int, first: DamagedPhoto) -> ServerError {
        var damaged = [(number: start + 1, photo: first)]
        for index in session.pages.indices where index > start {
            do {
                _ = try intake.storedPhoto(of: session.pages[index], from: store.photos)
            } catch {
                damaged.append((number: index + 1, photo: error))
            }
        }
        return DamagedPhoto.error(damaged, of: session.pages.count)
    }

    private func exportPDF(_ session: Session, name: String, renderers: PageRendering.Renderers) throws(ServerError) -> Response {
        let path = store.exportFolder + "/flatbed-export-\(RandomID.make()).pdf"
        var sink: PDFPageSink
        do {
            sink = try PDFPageSink(path: path, title: name)
        } catch {
            throw .storage(error.description)
        }
        do {
            try renderedPages(session, renderers: renderers) { index, page throws(ServerError) in
                do throws(PipelineError) {
                    _ = try sink.add(page, number: index + 1)
                } catch .pageFailed(_, let reason) {
                    throw .pageNotExportable(number: index + 1, reason: reason)
                } catch {
                    throw .storage(error.description)
                }
            }
        } catch {
            sink.discard()
            throw error
        }
        do {
            _ = try sink.finish(output: path)
        } catch {
            throw .storage(error.description)
        }
        let descriptor = open(path, O_RDONLY)
        unlink(path)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw .storage("cannot reopen the export \(path)")
        }
        return Response(
            status: 200,
            headers: [
                ("Content-Type", "application/pdf"), ("Content-Disposition", "attachment; filename=\"\(name).pdf\""),
                ("Cache-Control", "no-store"),
            ],
            body: .file(descriptor: descriptor, length: Int(status.st_size)))
    }

    private func exportZip(_ session: Session, name: String, renderers: PageRendering.Renderers) throws(ServerError) -> Response {
        var zip = StoredZipWriter(modified: Timestamp.now())
        try renderedPages(session, renderers: renderers) { index, page throws(ServerError) in
            zip.add(name: "page-\(index + 1).jpg", bytes: page.bytes)
        }
        return Response(
            status: 200,
            headers: [
                ("Content-Type", "application/zip"), ("Content-Disposition", "attachment; filename=\"\(name).zip\""),
                ("Cache-Control", "no-store"),
            ],
            body: .bytes(zip.finish()))
    }
}

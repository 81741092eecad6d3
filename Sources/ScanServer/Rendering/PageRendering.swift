import ScanCodecs
import ScanCore
import ScanOCR
import ScanPipeline

/// Renders a stored page on demand: its corners (or the whole photo), rotation and mode, at full
/// resolution for export or small for thumbnails.
public struct PageRendering: Sendable {
    /// JPEG quality of rendered pages.
    public var jpegQuality = 85
    /// For a thumbnail of long side `maxSide`, the photo is first shrunk to this multiple of it:
    /// enough detail for the rectifier to resample from, much less work than the full photo.
    public var thumbnailOversampling = 2

    /// Creates a renderer with the defaults.
    public init() {}

    /// Renders `page` from its decoded `photo`.
    /// - Parameters:
    ///   - maxSide: the longest side of the result in pixels, or nil for the page's own resolution.
    ///   - focalLength: the camera's focal length in pixels of `photo` where the photo states it
    ///     (`DecodedImage.focalLength`), for the page's proportions; nil assumes a phone's camera.
    /// - Throws: `ServerError.invalidCorners` when the stored corners can't be rectified,
    ///   `.internalFailure` when encoding fails.
    public func render(
        _ page: Page, photo: Image<RGB8>, focalLength: Double? = nil, maxSide: Int? = nil, renderers: Renderers? = nil
    ) throws(ServerError) -> PageRenderer.RenderedPage {
        var photo = photo, focalLength = focalLength
        var quad = page.corners ?? Quad(rectangleAt: .zero, size: photo.size)
        if let maxSide {
            let (small, scale) = photo.downscaled(toLongSide: maxSide * thumbnailOversampling)
            photo = small
            quad = quad.scaled(by: 1 / scale)
            focalLength = focalLength.map { $0 / scale }
        }
        var options = renderers?.options ?? options(ocr: nil)
        options.colorMode = page.mode.colorMode
        options.rotation = page.rotation
        let renderer = PageRenderer(options: options, recognizers: renderers?.recognizers)
        var rendered: PageRenderer.RenderedPage
        do {
            rendered = try renderer.render(
                photo: photo, quad: quad, source: page.corners == nil ? .wholePhoto : .given,
                confidence: nil, name: "page \(page.id)", format: .jpeg, focalLength: focalLength)
        } catch let error as OCRError {
            throw .ocrFailed(error.description)
        } catch let error as PipelineError {
            if case .invalidCorners(_, let problem) = error { throw .invalidCorners(problem) }
            throw .internalFailure(error.description)
        } catch {
            throw .internalFailure("\(error)")
        }
        if let maxSide, max(rendered.summary.pixelWidth, rendered.summary.pixelHeight) > maxSide {
            try shrink(&rendered, to: maxSide)
        }
        return rendered
    }

    /// What the pages of one export share: the options and one pool of OCR engines, made once.
    public struct Renderers: Sendable {
        let options: ScanOptions
        let recognizers: RecognizerPool?
    }

    /// Shared rendering for one export, recognising text when `ocr` is given.
    public func renderers(ocr: OCROptions?) -> Renderers {
        let options = options(ocr: ocr)
        return Renderers(options: options, recognizers: ocr.map { ocr in RecognizerPool { try TesseractRecognizer(options: ocr) } })
    }

    private func options(ocr: OCROptions?) -> ScanOptions {
        var options = ScanOptions()
        options.jpegQuality = jpegQuality
        options.ocr = ocr
        return options
    }

    private func shrink(_ page: inout PageRenderer.RenderedPage, to maxSide: Int) throws(ServerError) {
        do {
            if page.components == 1 {
                let image = try ImageCodec.decode(page.bytes, name: "page", as: Gray8.self).image.resized(longSide: maxSide)
                page.bytes = try ImageCodec.encodeJPEG(image, quality: jpegQuality)
                (page.summary.pixelWidth, page.summary.pixelHeight) = (image.width, image.height)
            } else {
                let image = try ImageCodec.decode(page.bytes, name: "page").image.resized(longSide: maxSide)
                page.bytes = try ImageCodec.encodeJPEG(image, quality: jpegQuality)
                (page.summary.pixelWidth, page.summary.pixelHeight) = (image.width, image.height)
            }
        } catch {
            throw .internalFailure("\(error)")
        }
    }
}

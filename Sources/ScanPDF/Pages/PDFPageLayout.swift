/// Where a page's image goes: the media box and the rectangle the image is drawn into, in points.
///
/// All values are rounded to the precision they are written with, so the image fills the media box
/// exactly when the page is sized from the image.
struct PDFPageLayout: Equatable {
    /// Page width in points.
    var pageWidth: Double
    /// Page height in points.
    var pageHeight: Double
    /// Left edge of the image, from the page's left edge.
    var imageX: Double
    /// Bottom edge of the image, from the page's bottom edge (PDF's y axis points up).
    var imageY: Double
    /// Drawn image width.
    var imageWidth: Double
    /// Drawn image height.
    var imageHeight: Double
}

extension PDFPageLayout {
    /// Lays out an image of `pixelWidth`×`pixelHeight` on a page of `size`.
    ///
    /// - Throws: `PDFError.invalidResolution` for a non-positive dpi, `PDFError.invalidPageSize` when
    ///   the page would be smaller than 3 pt or larger than 14 400 pt a side.
    init(pixelWidth: Int, pixelHeight: Int, size: PDFPageSize) throws {
        switch size {
        case .dpi(let dpi):
            guard dpi.isFinite, dpi > 0 else { throw PDFError.invalidResolution(dpi) }
            let scale = PDFPageSize.pointsPerInch / dpi
            pageWidth = Self.rounded(Double(pixelWidth) * scale)
            pageHeight = Self.rounded(Double(pixelHeight) * scale)
            try Self.check(pageWidth, pageHeight)
            (imageX, imageY, imageWidth, imageHeight) = (0, 0, pageWidth, pageHeight)
        case .points(let width, let height):
            pageWidth = Self.rounded(width)
            pageHeight = Self.rounded(height)
            try Self.check(pageWidth, pageHeight)
            let scale = min(pageWidth / Double(pixelWidth), pageHeight / Double(pixelHeight))
            imageWidth = Self.rounded(Double(pixelWidth) * scale)
            imageHeight = Self.rounded(Double(pixelHeight) * scale)
            imageX = Self.rounded((pageWidth - imageWidth) / 2)
            imageY = Self.rounded((pageHeight - imageHeight) / 2)
        }
    }

    private static func check(_ width: Double, _ height: Double) throws {
        let range = PDFPageSize.minimumSide...PDFPageSize.maximumSide
        guard range.contains(width), range.contains(height) else {
            throw PDFError.invalidPageSize(width: width, height: height)
        }
    }

    private static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * 100).rounded() / 100
    }
}

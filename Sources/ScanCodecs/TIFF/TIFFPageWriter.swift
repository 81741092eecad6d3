import CTIFF
import Foundation
import ScanCore

/// Writes a multi-page TIFF one page at a time: black-and-white pages as CCITT Group 4, gray and
/// colour pages as JPEG (or lossless Deflate). Only the page being written is held in memory.
///
/// ```swift
/// let writer = try TIFFPageWriter(path: "scan.tif")
/// try writer.addPage(.bilevel(page), dpi: 300)
/// try writer.finish()
/// ```
public final class TIFFPageWriter {
    /// How gray and colour pages are compressed.
    public enum Compression: String, Sendable, CaseIterable {
        /// Lossy JPEG inside the TIFF: small; colour as YCbCr.
        case jpeg
        /// Lossless Deflate with horizontal prediction: exact, several times larger for photos.
        case deflate
    }

    /// Tuning for the pages written.
    public struct Options: Sendable, Equatable {
        /// Compression of gray and colour pages (bilevel pages are always Group 4).
        public var compression: Compression = .jpeg
        /// JPEG quality, 1…100: higher is sharper and larger.
        public var jpegQuality: Int = 85
        /// Rows per strip of gray and colour pages (a multiple of 16, as JPEG's subsampled blocks need):
        /// larger strips compress a little better, smaller ones need less memory to read.
        public var rowsPerStrip: Int = 64

        /// The defaults.
        public init() {}
    }

    /// The file being written.
    public let path: String
    /// How pages are compressed.
    public let options: Options
    /// Pages written so far.
    public private(set) var pageCount = 0
    private let handle: TIFFHandle

    /// Creates (or truncates) the file at `path`.
    ///
    /// - Throws: `CodecError.invalidQuality` for a JPEG quality outside 1…100, `.unwritable` when the
    ///   file can't be created.
    public init(path: String, options: Options = Options()) throws(CodecError) {
        guard (1...100).contains(options.jpegQuality) else { throw .invalidQuality(file: path, quality: options.jpegQuality) }
        precondition(options.rowsPerStrip > 0 && options.rowsPerStrip % 16 == 0, "rowsPerStrip must be a multiple of 16")
        self.path = path
        self.options = options
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)  // libtiff reads back earlier directories to link them
        guard descriptor >= 0 else {
            throw .unwritable(file: path, reason: String(cString: strerror(errno)))
        }
        handle = try TIFFHandle(descriptor: descriptor, name: path, mode: "w")
    }

    /// Appends `page` as the next image of the file.
    ///
    /// - Parameters:
    ///   - page: colour, gray or bilevel pixels; bilevel values below 128 are ink.
    ///   - dpi: stored as the page's resolution, which sets its printed size.
    /// - Throws: `CodecError.unwritable` with libtiff's message (for an empty page, too).
    public func addPage(_ page: PageImage, dpi: Double) throws(CodecError) {
        try Self.writePage(page, dpi: dpi, to: handle, options: options, pageNumber: pageCount)
        try handle.call("TIFFWriteDirectory") { TIFFWriteDirectory($0) == 1 }
        pageCount += 1
    }

    /// Completes the file.
    ///
    /// - Throws: `CodecError.unwritable` when the last writes fail.
    public func finish() throws(CodecError) {
        try handle.close()
    }

    // MARK: - One page

    /// Writes the tags and strips of one image to the current directory of `handle`.
    static func writePage(_ page: PageImage, dpi: Double, to handle: TIFFHandle, options: Options,
                          pageNumber: Int) throws(CodecError) {
        guard page.width > 0, page.height > 0 else {
            throw .unwritable(file: handle.name, reason: "page \(pageNumber + 1) is empty")
        }
        try handle.set(TIFFTAG_SUBFILETYPE, Int(FILETYPE_PAGE))
        try handle.set(TIFFTAG_IMAGEWIDTH, uint32: page.width)
        try handle.set(TIFFTAG_IMAGELENGTH, uint32: page.height)
        try handle.set(TIFFTAG_PLANARCONFIG, Int(PLANARCONFIG_CONTIG))
        try handle.set(TIFFTAG_RESOLUTIONUNIT, Int(RESUNIT_INCH))
        try handle.set(TIFFTAG_XRESOLUTION, double: dpi)
        try handle.set(TIFFTAG_YRESOLUTION, double: dpi)
        switch page {
        case .bilevel(let image):
            try handle.set(TIFFTAG_BITSPERSAMPLE, 1)
            try handle.set(TIFFTAG_SAMPLESPERPIXEL, 1)
            try handle.set(TIFFTAG_PHOTOMETRIC, Int(PHOTOMETRIC_MINISWHITE))
            try handle.set(TIFFTAG_COMPRESSION, Int(COMPRESSION_CCITTFAX4))
            try handle.set(TIFFTAG_FILLORDER, Int(FILLORDER_MSB2LSB))
            // One strip: Group 4 codes each row against the previous one, so strips would restart it.
            try handle.set(TIFFTAG_ROWSPERSTRIP, uint32: image.height)
            var packed = BilevelPacking.pack(image)
            let count = packed.count
            try handle.call("TIFFWriteEncodedStrip") { tiff in
                packed.withUnsafeMutableBytes { TIFFWriteEncodedStrip(tiff, 0, $0.baseAddress, tmsize_t(count)) >= 0 }
            }
        case .gray(let image):
            try setContinuousTone(on: handle, samples: 1, options: options)
            try writeStrips(image, to: handle, rowsPerStrip: options.rowsPerStrip)
        case .color(let image):
            try setContinuousTone(on: handle, samples: 3, options: options)
            try writeStrips(image, to: handle, rowsPerStrip: options.rowsPerStrip)
        }
    }

    private static func setContinuousTone(on handle: TIFFHandle, samples: Int, options: Options) throws(CodecError) {
        try handle.set(TIFFTAG_BITSPERSAMPLE, 8)
        try handle.set(TIFFTAG_SAMPLESPERPIXEL, samples)
        try handle.set(TIFFTAG_ROWSPERSTRIP, uint32: options.rowsPerStrip)
        switch options.compression {
        case .jpeg:
            try handle.set(TIFFTAG_COMPRESSION, Int(COMPRESSION_JPEG))
            // Colour is stored as subsampled YCbCr; libtiff converts from our RGB rows.
            try handle.set(TIFFTAG_PHOTOMETRIC, Int(samples == 3 ? PHOTOMETRIC_YCBCR : PHOTOMETRIC_MINISBLACK))
            try handle.set(TIFFTAG_JPEGQUALITY, options.jpegQuality)
            if samples == 3 { try handle.set(TIFFTAG_JPEGCOLORMODE, Int(JPEGCOLORMODE_RGB)) }
        case .deflate:
            try handle.set(TIFFTAG_COMPRESSION, Int(COMPRESSION_ADOBE_DEFLATE))
            try handle.set(TIFFTAG_PHOTOMETRIC, Int(samples == 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK))
            try handle.set(TIFFTAG_PREDICTOR, Int(PREDICTOR_HORIZONTAL))
        }
    }

    /// Writes the image strip by strip through a scratch copy (libtiff's predictor works in place).
    private static func writeStrips<Pixel: BytePixel>(_ image: Image<Pixel>, to handle: TIFFHandle,
                                                      rowsPerStrip: Int) throws(CodecError) {
        let rowBytes = image.width * Pixel.channelCount
        var scratch = [UInt8](repeating: 0, count: rowBytes * rowsPerStrip)
        let strips = (image.height + rowsPerStrip - 1) / rowsPerStrip
        for strip in 0..<strips {
            let firstRow = strip * rowsPerStrip
            let byteCount = rowBytes * (min(image.height, firstRow + rowsPerStrip) - firstRow)
            image.withUnsafeBytes { pixels in
                scratch.withUnsafeMutableBufferPointer { out in
                    out.baseAddress!.update(from: pixels.baseAddress! + firstRow * rowBytes, count: byteCount)
                }
            }
            try handle.call("TIFFWriteEncodedStrip") { tiff in
                scratch.withUnsafeMutableBytes { TIFFWriteEncodedStrip(tiff, UInt32(strip), $0.baseAddress, tmsize_t(byteCount)) >= 0 }
            }
        }
    }
}

import CTIFF
import Foundation
import ScanCore

/// Encodes black-and-white pixels as raw CCITT Group 4 (T.6) data, the `/CCITTFaxDecode` stream a
/// PDF embeds with `/K -1`, using libtiff's fax encoder.
///
/// libtiff has no memory-only entry point for its codecs, so the page is written as a one-strip TIFF
/// to an unlinked temporary file and its strip read back raw.
public enum CCITTG4Encoder {
    /// Encodes `image` (values below 128 are ink) as one Group 4 block, most-significant bit first,
    /// with ink as the fax "black" runs: embed it with `BlackIs1 false` (the PDF default).
    ///
    /// - Parameters:
    ///   - image: the page; a bilevel page's values are 0 and 255.
    ///   - name: the page's name for errors.
    /// - Returns: the Group 4 data, ending with the end-of-facsimile-block code.
    /// - Throws: `CodecError.unwritable` when the temporary file or libtiff fails.
    public static func encode(_ image: Image<Gray8>, name: String = "page") throws(CodecError) -> [UInt8] {
        var template = Array((NSTemporaryDirectory() + "/flatbed-g4.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .unwritable(file: name, reason: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let readDescriptor = dup(descriptor)
        guard readDescriptor >= 0 else {
            close(descriptor)
            throw .unwritable(file: name, reason: String(cString: strerror(errno)))
        }

        do {
            let writer = try TIFFHandle(descriptor: descriptor, name: name, mode: "w")
            try TIFFPageWriter.writePage(.bilevel(image), dpi: 300, to: writer, options: .init(), pageNumber: 0)
            try writer.call("TIFFWriteDirectory") { TIFFWriteDirectory($0) == 1 }
            try writer.close()
        } catch {
            close(readDescriptor)
            throw error
        }
        lseek(readDescriptor, 0, SEEK_SET)
        let reader = try TIFFHandle(descriptor: readDescriptor, name: name, mode: "r")
        var data: [UInt8] = []
        try reader.call("TIFFReadRawStrip") { tiff in
            let size = TIFFRawStripSize(tiff, 0)
            guard size > 0 else { return false }
            data = [UInt8](repeating: 0, count: Int(size))
            return data.withUnsafeMutableBytes { TIFFReadRawStrip(tiff, 0, $0.baseAddress, size) } == size
        }
        return data
    }
}

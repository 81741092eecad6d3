import CTurboJPEG
import ScanCore

/// What a JPEG's header says, read without decoding any pixels: enough for a PDF writer that embeds
/// the JPEG bytes as they are (`/DCTDecode`).
public struct JPEGInfo: Sendable, Equatable {
    /// The colour model of the compressed data.
    public enum ColorSpace: String, Sendable, Equatable {
        /// One luminance component.
        case gray
        /// YCbCr (the usual case), delivered as RGB.
        case ycbcr
        /// Three components stored as RGB without a colour transform.
        case rgb
        /// Four-component CMYK (Adobe); not supported by our decoder or PDF writer.
        case cmyk
        /// Four-component YCCK (Adobe); not supported by our decoder or PDF writer.
        case ycck
    }

    /// Width in pixels, as stored (before EXIF orientation).
    public var width: Int
    /// Height in pixels, as stored (before EXIF orientation).
    public var height: Int
    /// Colour model of the data.
    public var colorSpace: ColorSpace
    /// The EXIF orientation in the file's APP1 segment (`.up` when there is none); a writer that
    /// embeds the bytes as they are must turn the page itself.
    public var orientation: ImageOrientation
    /// The camera's 35 mm-equivalent focal length in millimetres from the same segment
    /// (`ExifFocalLengthReader`); nil when it does not say.
    public var equivalentFocalLength: Double?

    /// Number of colour components: 1 (gray), 3 (YCbCr or RGB) or 4 (CMYK, YCCK).
    public var components: Int {
        switch colorSpace {
        case .gray: 1
        case .ycbcr, .rgb: 3
        case .cmyk, .ycck: 4
        }
    }

    /// True for 1 or 3 components, the JPEGs this module decodes and the PDF writer may embed as
    /// `/DeviceGray` or `/DeviceRGB`; false for CMYK and YCCK.
    public var isSupported: Bool { components != 4 }

    /// Reads the header of JPEG `bytes`.
    /// - Parameters:
    ///   - bytes: the whole JPEG file (TurboJPEG reads up to the first scan).
    ///   - name: the file name used in errors.
    /// - Throws: `CodecError.unsupportedFormat` when the bytes are not a JPEG, `.truncated` when they
    ///   end before the first scan, `.corrupt` for a damaged header.
    public init(_ bytes: [UInt8], name: String) throws(CodecError) {
        guard ImageFormat.sniff(bytes) == .jpeg else {
            throw .unsupportedFormat(file: name, detected: FormatSniffer.describe(bytes))
        }
        guard let handle = TurboJPEGHandle(.decompress) else {
            throw .corrupt(file: name, format: .jpeg, detail: "cannot create a TurboJPEG decompressor")
        }
        self = try JPEGInfo.read(bytes, handle: handle, name: name)
    }

    /// Reads the header with an existing decompressor handle.
    static func read(_ bytes: [UInt8], handle: TurboJPEGHandle, name: String) throws(CodecError) -> JPEGInfo {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorSpace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { jpeg in
            tjDecompressHeader3(handle.raw, jpeg.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colorSpace)
        }
        // TurboJPEG may report success with a zero size when the data ends among the tables.
        if status != 0 || width <= 0 || height <= 0 {
            let message = status != 0 ? handle.lastMessage : "no frame header"
            if TurboJPEGHandle.isTruncationMessage(message) || !JPEGInfo.reachesScan(bytes) {
                throw .truncated(file: name, format: .jpeg)
            }
            throw .corrupt(file: name, format: .jpeg, detail: message)
        }
        let space: ColorSpace = switch colorSpace {
        case Int32(TJCS_GRAY.rawValue): .gray
        case Int32(TJCS_RGB.rawValue): .rgb
        case Int32(TJCS_CMYK.rawValue): .cmyk
        case Int32(TJCS_YCCK.rawValue): .ycck
        default: .ycbcr
        }
        // The Exif segment is found once for both readings.
        let exif = ExifOrientationReader.exifSegment(inJPEG: bytes)
        return JPEGInfo(
            width: Int(width), height: Int(height), colorSpace: space,
            orientation: exif.flatMap(ExifOrientationReader.orientation(inTIFF:)) ?? .up,
            equivalentFocalLength: exif.flatMap(ExifFocalLengthReader.equivalentFocalLength(inTIFF:)))
    }

    private init(width: Int, height: Int, colorSpace: ColorSpace, orientation: ImageOrientation,
                 equivalentFocalLength: Double?) {
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.orientation = orientation
        self.equivalentFocalLength = equivalentFocalLength
    }

    /// True when walking the marker segments from SOI reaches a start-of-scan (SOS) whose header
    /// fits in the data; false when the data runs out first, i.e. the file is cut inside its header.
    static func reachesScan(_ bytes: [UInt8]) -> Bool {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return true }  // not truncation: damaged, say so elsewhere
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { offset += 2; continue }
            if marker == 0xD9 { return true }
            let end = offset + 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
            if marker == 0xDA { return end <= bytes.count }
            offset = end
        }
        return false
    }
}

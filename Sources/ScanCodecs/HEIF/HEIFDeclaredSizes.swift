/// The image sizes a HEIF or AVIF file declares beyond its `ispe` properties, read by us rather than
/// libheif: the canvas of each grid (`grid`) and overlay (`iovl`) item, and the picture
/// size each coded item's stream declares (AV1 sequence headers, HEVC sequence parameter sets).
///
/// libheif 1.15 checks only `ispe` against its size limit. It allocates a grid's or an overlay's
/// canvas at the size written in the item's data, and the decoders (dav1d, libde265) allocate
/// pictures at the size the coded stream declares: a 1 KB file with a 64 × 48 `ispe` can ask for
/// a 27000 × 25000 canvas or picture (2 GB). Checking these sizes against our pixel limit refuses
/// such a file before anything is allocated.
struct HEIFDeclaredSizes {
    /// What declares a size, for tests and messages.
    enum Source: Equatable {
        /// A grid's or overlay's canvas, from the item's data.
        case canvas(item: UInt32)
        /// A coded item's picture, from its decoder configuration or its data.
        case codedPicture(item: UInt32)
    }

    /// Every size found, with where it was declared.
    var sizes: [(source: Source, width: Int, height: Int)] = []
    /// How many pictures each HEVC item's coded data starts. An image item holds one; libde265
    /// decodes them all (and libheif keeps the last), a second or more each.
    private(set) var pictureCounts: [UInt32: Int] = [:]

    /// Reads the sizes; data that can't be located or parsed is left to libheif.
    init(_ bytes: [UInt8]) {
        let items = HEIFItems(bytes)
        let properties = HEIFItemProperties(bytes)
        for (item, type) in items.types.sorted(by: { $0.key < $1.key }) {
            let data = items.data[item].map { bytes[$0] } ?? []
            var found: [(width: Int, height: Int)] = []
            switch type {
            case "grid", "iovl":
                if let range = items.data[item], let size = Self.canvasSize(bytes, at: range.lowerBound, overlay: type == "iovl") {
                    sizes.append((.canvas(item: item), size.width, size.height))
                }
            case "av01":
                // av1C: four bytes of marker, version, profile, level and flags, then OBUs.
                for body in properties.bodies(of: "av1C", for: item) where body.count > 4 {
                    found += AV1SequenceHeader.maximumFrameSizes(in: body.dropFirst(4))
                }
                found += AV1SequenceHeader.maximumFrameSizes(in: data)
            case "hvc1":
                let readings = Self.hevcReadings(configurations: properties.bodies(of: "hvcC", for: item), codedData: data)
                found += readings.flatMap { $0.compactMap(HEVCStream.pictureSize(ofNAL:)) }
                pictureCounts[item] = readings.map { $0.count(where: HEVCStream.startsPicture) }.max() ?? 0
            default: break
            }
            sizes += found.map { (.codedPicture(item: item), $0.width, $0.height) }
        }
    }

    /// The NAL units libde265 is given for an HEVC item, read as libheif 1.15 reads them: the
    /// `hvcC` configurations' units, then the coded data's with 4-byte size prefixes whatever
    /// `hvcC` declares. A declared prefix of another length gives a second reading.
    static func hevcReadings(configurations: [ArraySlice<UInt8>], codedData: ArraySlice<UInt8>) -> [[ArraySlice<UInt8>]] {
        let parsed = configurations.map(HEVCStream.configuration)
        let headers = parsed.flatMap(\.units)
        return Set([4] + parsed.map(\.prefixLength)).sorted().map {
            headers + HEVCStream.nalUnits(inCodedData: codedData, prefixLength: $0)
        }
    }

    /// Most pixels a coded picture adds to each of two sides of its image by padding to whole
    /// blocks (HEVC's largest coding tree block is 64 × 64).
    static let maximumBlockPadding = 64

    /// The most pixels a coded picture may have under a pixel limit: the limit plus the padding
    /// along two sides of a square image at the limit. (Taking the padding off each side of the
    /// picture instead let one 65 pixels wide be of any height.)
    static func codedPictureLimit(_ limit: Int) -> Int {
        let side = Int(Double(limit).squareRoot().rounded(.up))
        return limit + 2 * maximumBlockPadding * side + maximumBlockPadding * maximumBlockPadding
    }

    /// Throws `.corrupt` for an item that starts more than one picture, and `.tooManyPixels` for
    /// the first canvas over the pixel limit or coded picture over `codedPictureLimit`.
    func check(against options: DecodingOptions, file: String, format: ImageFormat) throws(CodecError) {
        if let (item, count) = pictureCounts.sorted(by: { $0.key < $1.key }).first(where: { $0.value > 1 }) {
            throw .corrupt(file: file, format: format, detail: "image item \(item) holds \(count) coded pictures instead of one")
        }
        for size in sizes {
            let limit: Int
            switch size.source {
            case .canvas: limit = options.maximumPixelCount
            case .codedPicture: limit = Self.codedPictureLimit(options.maximumPixelCount)
            }
            let area = size.width.multipliedReportingOverflow(by: size.height)
            if area.overflow || area.partialValue > limit {
                throw .tooManyPixels(file: file, width: size.width, height: size.height, limit: options.maximumPixelCount)
            }
        }
    }

    /// A grid's or overlay's output width and height: 16-bit fields, or 32-bit when flag bit 0 is
    /// set. A grid has its row and column counts first, an overlay four 16-bit fill values.
    private static func canvasSize(_ bytes: [UInt8], at start: Int, overlay: Bool) -> (width: Int, height: Int)? {
        var reader = HEIFFieldReader(bytes: bytes, offset: start, end: bytes.count)
        guard let versionAndFlags = reader.read(wide: false) else { return nil }
        let wide = versionAndFlags & 1 != 0
        guard reader.read(byteCount: overlay ? 8 : 2) != nil,
              let width = reader.read(wide: wide), let height = reader.read(wide: wide) else { return nil }
        return (Int(width), Int(height))
    }
}

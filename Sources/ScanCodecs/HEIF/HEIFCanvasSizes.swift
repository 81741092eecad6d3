/// The output sizes that a HEIF file's grid (`grid`) and overlay (`iovl`) items declare in their
/// own data, read before libheif sees the file.
///
/// libheif 1.15 checks the `ispe` property against its size limit, but allocates a grid's or an
/// overlay's canvas at the size written in the item's data, unchecked: a 1 KB file with a small
/// `ispe` can ask for a 27000 × 25000 canvas (2 GB). Checking these sizes against our pixel limit
/// refuses such a file before anything is allocated.
struct HEIFCanvasSizes {
    /// Item id and declared canvas size, for every grid and overlay item whose data could be read.
    private(set) var canvases: [(item: UInt32, width: Int, height: Int)] = []

    /// Reads the canvases; items whose data can't be located are left to libheif.
    init(_ bytes: [UInt8]) {
        guard let meta = HEIFBox.meta(in: bytes),
              let iinf = HEIFBox.first("iinf", in: bytes, from: meta.body, to: meta.end),
              let iloc = HEIFBox.first("iloc", in: bytes, from: meta.body, to: meta.end) else { return }
        let derived = Self.itemTypes(bytes, iinf: iinf).filter { $0.value == "grid" || $0.value == "iovl" }
        guard !derived.isEmpty else { return }
        let idat = HEIFBox.first("idat", in: bytes, from: meta.body, to: meta.end)
        for (item, location) in Self.locations(bytes, iloc: iloc) where derived[item] != nil {
            let start: Int
            switch location.method {
            case 0: start = location.offset
            case 1:
                guard let idat else { continue }
                start = idat.body + location.offset
            default: continue  // data held in another item: rare, libheif decides
            }
            guard start >= 0, start < bytes.count,
                  let size = Self.canvasSize(bytes, at: start, overlay: derived[item] == "iovl") else { continue }
            canvases.append((item, size.width, size.height))
        }
    }

    /// The `infe` entries' item types by item id (entry versions 2 and 3 carry them).
    private static func itemTypes(_ bytes: [UInt8], iinf: HEIFBox) -> [UInt32: String] {
        guard iinf.body + 4 <= iinf.end else { return [:] }
        let countBytes = bytes[iinf.body] == 0 ? 2 : 4
        var types: [UInt32: String] = [:]
        var offset = iinf.body + 4 + countBytes
        while let infe = HEIFBox.next(in: bytes, at: offset, end: iinf.end) {
            offset = infe.end
            guard infe.type == "infe", infe.body < infe.end else { continue }
            let version = bytes[infe.body]
            guard version >= 2 else { continue }
            var reader = HEIFFieldReader(bytes: bytes, offset: infe.body + 4, end: infe.end)
            guard let item = reader.read(wide: version >= 3), reader.read(wide: false) != nil,
                  reader.offset + 4 <= infe.end else { continue }
            types[item] = String(decoding: bytes[reader.offset..<reader.offset + 4], as: UTF8.self)
        }
        return types
    }

    /// Where each item's data starts (its first extent), and how it is constructed: 0 in the
    /// file, 1 in the `idat` box, 2 in another item.
    private static func locations(_ bytes: [UInt8], iloc: HEIFBox) -> [UInt32: (method: Int, offset: Int)] {
        var reader = HEIFFieldReader(bytes: bytes, offset: iloc.body, end: iloc.end)
        guard let header = reader.read(byteCount: 4), let sizes = reader.read(wide: false) else { return [:] }
        let version = Int(header >> 24)
        guard version <= 2 else { return [:] }
        let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF)
        let baseOffsetSize = Int(sizes >> 4 & 0xF), indexSize = version == 0 ? 0 : Int(sizes & 0xF)
        guard let count = reader.read(wide: version == 2) else { return [:] }
        var locations: [UInt32: (method: Int, offset: Int)] = [:]
        for _ in 0..<count {
            guard let item = reader.read(wide: version == 2) else { break }
            var method = 0
            if version >= 1 {
                guard let field = reader.read(wide: false) else { break }
                method = Int(field & 0xF)
            }
            guard reader.read(wide: false) != nil,  // data reference index
                  let base = reader.read(byteCount: baseOffsetSize),
                  let extents = reader.read(wide: false) else { break }
            var first: UInt64?
            for _ in 0..<extents {
                guard reader.read(byteCount: indexSize) != nil,
                      let offset = reader.read(byteCount: offsetSize),
                      reader.read(byteCount: lengthSize) != nil else { return locations }
                if first == nil { first = offset }
            }
            let (sum, overflow) = base.addingReportingOverflow(first ?? 0)
            guard !overflow, sum <= UInt64(Int32.max) else { continue }
            locations[item] = (method, Int(sum))
        }
        return locations
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

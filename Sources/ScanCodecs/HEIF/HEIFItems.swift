/// The items of a HEIF file as its `meta` box lists them: each item's type (`iinf`) and where its
/// data lies (`iloc`, first extent), read before libheif sees the file.
struct HEIFItems {
    /// Four-character item types (`hvc1`, `av01`, `grid`, …) by item id.
    private(set) var types: [UInt32: String] = [:]
    /// Byte range of each item's data (its first extent) in the file, where it could be resolved.
    private(set) var data: [UInt32: Range<Int>] = [:]

    /// Reads the item list; a file whose boxes can't be walked has no items (libheif reports it).
    init(_ bytes: [UInt8]) {
        guard let meta = HEIFBox.meta(in: bytes) else { return }
        if let iinf = HEIFBox.first("iinf", in: bytes, from: meta.body, to: meta.end) {
            types = Self.itemTypes(bytes, iinf: iinf)
        }
        guard let iloc = HEIFBox.first("iloc", in: bytes, from: meta.body, to: meta.end) else { return }
        let idat = HEIFBox.first("idat", in: bytes, from: meta.body, to: meta.end)
        for (item, location) in Self.locations(bytes, iloc: iloc) {
            let start: Int, end: Int
            switch location.method {
            case 0:
                start = location.offset
                end = location.length == 0 ? bytes.count : start + location.length
            case 1:
                guard let idat else { continue }
                start = idat.body + location.offset
                end = location.length == 0 ? idat.end : start + location.length
            default: continue  // data held in another item: rare, libheif decides
            }
            guard start >= 0, start < bytes.count, end > start else { continue }
            data[item] = start..<Swift.min(end, bytes.count)
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

    /// Where each item's first extent starts and how long it is (0: to the end), and how the data
    /// is constructed: 0 in the file, 1 in the `idat` box, 2 in another item.
    private static func locations(_ bytes: [UInt8], iloc: HEIFBox) -> [UInt32: (method: Int, offset: Int, length: Int)] {
        var reader = HEIFFieldReader(bytes: bytes, offset: iloc.body, end: iloc.end)
        guard let header = reader.read(byteCount: 4), let sizes = reader.read(wide: false) else { return [:] }
        let version = Int(header >> 24)
        guard version <= 2 else { return [:] }
        let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF)
        let baseOffsetSize = Int(sizes >> 4 & 0xF), indexSize = version == 0 ? 0 : Int(sizes & 0xF)
        guard let count = reader.read(wide: version == 2) else { return [:] }
        var locations: [UInt32: (method: Int, offset: Int, length: Int)] = [:]
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
            var first: (offset: UInt64, length: UInt64)?
            for _ in 0..<extents {
                guard reader.read(byteCount: indexSize) != nil,
                      let offset = reader.read(byteCount: offsetSize),
                      let length = reader.read(byteCount: lengthSize) else { return locations }
                if first == nil { first = (offset, length) }
            }
            let (sum, overflow) = base.addingReportingOverflow(first?.offset ?? 0)
            let length = first?.length ?? 0
            guard !overflow, sum <= UInt64(Int32.max), length <= UInt64(Int32.max) else { continue }
            locations[item] = (method, Int(sum), Int(length))
        }
        return locations
    }
}

/// The item properties of a HEIF file (`iprp`: the `ipco` list and the `ipma` associations),
/// read before libheif sees the file.
struct HEIFItemProperties {
    /// Type and body of each property in `ipco`, in order (associations count from 1).
    private var properties: [(type: String, body: Range<Int>)] = []
    /// Indices into `properties` (0-based) associated with each item.
    private var associations: [UInt32: [Int]] = [:]
    private let bytes: [UInt8]

    /// Reads the properties; a file whose boxes can't be walked has none.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let meta = HEIFBox.meta(in: bytes),
              let iprp = HEIFBox.first("iprp", in: bytes, from: meta.body, to: meta.end) else { return }
        if let ipco = HEIFBox.first("ipco", in: bytes, from: iprp.body, to: iprp.end) {
            var offset = ipco.body
            while let property = HEIFBox.next(in: bytes, at: offset, end: ipco.end) {
                offset = property.end
                properties.append((property.type, property.body..<property.end))
            }
        }
        guard let ipma = HEIFBox.first("ipma", in: bytes, from: iprp.body, to: iprp.end) else { return }
        var reader = HEIFFieldReader(bytes: bytes, offset: ipma.body, end: ipma.end)
        guard let header = reader.read(byteCount: 4), let count = reader.read(wide: true) else { return }
        let wideIDs = header >> 24 >= 1, wideIndices = header & 1 != 0
        for _ in 0..<count {
            guard let item = reader.read(wide: wideIDs), let associationCount = reader.read(byteCount: 1) else { return }
            for _ in 0..<associationCount {
                guard let entry = reader.read(byteCount: wideIndices ? 2 : 1) else { return }
                let index = Int(entry & (wideIndices ? 0x7FFF : 0x7F))
                if index > 0 { associations[item, default: []].append(index - 1) }
            }
        }
    }

    /// The bodies of the properties of `type` associated with `item`.
    func bodies(of type: String, for item: UInt32) -> [ArraySlice<UInt8>] {
        (associations[item] ?? []).compactMap { index in
            index < properties.count && properties[index].type == type ? bytes[properties[index].body] : nil
        }
    }
}

/// The derived-image references (`dimg`) of a HEIF file, read from its `meta`/`iref` boxes
/// before libheif sees the file.
///
/// libheif 1.15 follows `dimg` references recursively without a guard: an image derived from
/// itself (or a longer cycle) recurses until the stack overflows, or, with decoding threads, starts
/// threads until the process aborts. A cycle, or nesting deeper than any real file uses, is refused
/// here as a damaged file instead.
struct HEIFItemReferences {
    /// For each item, the items it is derived from (`dimg` references).
    private(set) var derivedFrom: [UInt32: [UInt32]] = [:]

    /// Deepest chain of derived images accepted: a grid of tiles is 1, an overlay of grids 2.
    static let maximumDepth = 4

    /// Reads the references; a file whose boxes can't be walked has none (libheif reports it).
    init(_ bytes: [UInt8]) {
        guard let meta = Self.box("meta", in: bytes, from: 0, to: bytes.count),
              let iref = Self.box("iref", in: bytes, from: meta.body + 4, to: meta.end),  // meta is a full box
              iref.body + 4 <= iref.end else { return }
        let wideIDs = bytes[iref.body] != 0  // version 1: 32-bit item ids
        var offset = iref.body + 4
        while let entry = Self.nextBox(in: bytes, at: offset, end: iref.end) {
            offset = entry.end
            guard entry.type == "dimg" else { continue }
            var reader = BigEndianReader(bytes: bytes, offset: entry.body, end: entry.end)
            guard let from = reader.read(wide: wideIDs), let count = reader.read(wide: false) else { continue }
            for _ in 0..<count {
                guard let to = reader.read(wide: wideIDs) else { break }
                derivedFrom[from, default: []].append(to)
            }
        }
    }

    /// The first item whose derivation loops back on itself or nests deeper than `maximumDepth`,
    /// or nil when every chain ends.
    func firstCyclicOrTooDeepItem() -> UInt32? {
        for item in derivedFrom.keys.sorted() where !chainsEnd(from: item, depth: 0, path: []) { return item }
        return nil
    }

    private func chainsEnd(from item: UInt32, depth: Int, path: Set<UInt32>) -> Bool {
        guard let sources = derivedFrom[item] else { return true }
        guard depth < Self.maximumDepth, !path.contains(item) else { return false }
        let path = path.union([item])
        return sources.allSatisfy { chainsEnd(from: $0, depth: depth + 1, path: path) }
    }

    // MARK: - Boxes

    private struct Box {
        let type: String
        /// Offsets of the box's content (after the size and type) and of its end.
        let body: Int, end: Int
    }

    /// The first box of `type` among the boxes between `start` and `end`.
    private static func box(_ type: String, in bytes: [UInt8], from start: Int, to end: Int) -> Box? {
        var offset = start
        while let box = nextBox(in: bytes, at: offset, end: end) {
            if box.type == type { return box }
            offset = box.end
        }
        return nil
    }

    /// The box at `offset`, if it lies whole before `end`.
    private static func nextBox(in bytes: [UInt8], at offset: Int, end: Int) -> Box? {
        var reader = BigEndianReader(bytes: bytes, offset: offset, end: end)
        guard let size32 = reader.read(wide: true), reader.offset + 4 <= end else { return nil }
        let type = String(decoding: bytes[reader.offset..<reader.offset + 4], as: UTF8.self)
        reader.offset += 4
        var size = Int(size32)
        if size == 1 {
            guard let high = reader.read(wide: true), let low = reader.read(wide: true), high == 0 else { return nil }
            size = Int(low)
        } else if size == 0 {
            size = end - offset
        }
        guard size >= reader.offset - offset, size <= end - offset else { return nil }
        return Box(type: type, body: reader.offset, end: offset + size)
    }
}

/// Big-endian 16- and 32-bit fields, bounded by `end`.
private struct BigEndianReader {
    let bytes: [UInt8]
    var offset: Int
    let end: Int

    /// The next 32-bit (`wide`) or 16-bit value, or nil past `end`.
    mutating func read(wide: Bool) -> UInt32? {
        let length = wide ? 4 : 2
        guard offset >= 0, offset + length <= min(end, bytes.count) else { return nil }
        defer { offset += length }
        return bytes[offset..<offset + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}

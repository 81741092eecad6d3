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
        guard let meta = HEIFBox.meta(in: bytes),
              let iref = HEIFBox.first("iref", in: bytes, from: meta.body, to: meta.end),
              iref.body + 4 <= iref.end else { return }
        let wideIDs = bytes[iref.body] != 0  // version 1: 32-bit item ids
        var offset = iref.body + 4
        while let entry = HEIFBox.next(in: bytes, at: offset, end: iref.end) {
            offset = entry.end
            guard entry.type == "dimg" else { continue }
            var reader = HEIFFieldReader(bytes: bytes, offset: entry.body, end: entry.end)
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
}

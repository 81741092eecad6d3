/// One ISO-BMFF box of a HEIF file, found by walking the box headers ourselves: libheif 1.15 trusts
/// some fields it should not, so a few are checked before it sees the file.
struct HEIFBox {
    /// The four-character type, such as `meta` or `iloc`.
    let type: String
    /// Offsets of the box's content (after the size and type) and of its end.
    let body: Int, end: Int

    /// The first box of `type` among the boxes between `start` and `end`.
    static func first(_ type: String, in bytes: [UInt8], from start: Int, to end: Int) -> HEIFBox? {
        var offset = start
        while let box = next(in: bytes, at: offset, end: end) {
            if box.type == type { return box }
            offset = box.end
        }
        return nil
    }

    /// The box at `offset`, if its header lies before `end`. A box claiming more than is left is
    /// cut at `end`, as libheif reads it: a reference list whose box overstates its size still
    /// reaches libheif, so the checks must see it too.
    static func next(in bytes: [UInt8], at offset: Int, end: Int) -> HEIFBox? {
        var reader = HEIFFieldReader(bytes: bytes, offset: offset, end: end)
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
        guard size >= reader.offset - offset else { return nil }
        return HEIFBox(type: type, body: reader.offset, end: offset + Swift.min(size, end - offset))
    }

    /// The `meta` box's children start after its version and flags (it is a full box).
    static func meta(in bytes: [UInt8]) -> (body: Int, end: Int)? {
        guard let meta = first("meta", in: bytes, from: 0, to: bytes.count) else { return nil }
        return (meta.body + 4, meta.end)
    }
}

/// Big-endian unsigned fields, bounded by `end`.
struct HEIFFieldReader {
    let bytes: [UInt8]
    var offset: Int
    let end: Int

    /// The next 32-bit (`wide`) or 16-bit value, or nil past `end`.
    mutating func read(wide: Bool) -> UInt32? {
        read(byteCount: wide ? 4 : 2).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// The next value of `byteCount` bytes (0 reads nothing and gives 0), or nil past `end`.
    mutating func read(byteCount: Int) -> UInt64? {
        guard byteCount >= 0, byteCount <= 8, offset >= 0, offset + byteCount <= min(end, bytes.count) else { return nil }
        defer { offset += byteCount }
        return bytes[offset..<offset + byteCount].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}

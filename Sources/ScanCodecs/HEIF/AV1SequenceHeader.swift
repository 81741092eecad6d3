/// The largest frame an AV1 stream allows, from its sequence header OBUs (AV1 specification
/// §5.3 and §5.5): the AV1 decoder sizes its frame buffers from these fields, whatever the
/// container's `ispe` says.
enum AV1SequenceHeader {
    /// `max_frame_width_minus_1 + 1` and `max_frame_height_minus_1 + 1` of every sequence header
    /// among the OBUs in `obus` (a stream of OBUs, each with or without a size field); OBUs cut
    /// short or malformed end the walk. An OBU with its forbidden bit set is read on, as dav1d
    /// reads it (it refuses one only in its strict mode, which libheif does not ask for).
    static func maximumFrameSizes(in obus: ArraySlice<UInt8>) -> [(width: Int, height: Int)] {
        var sizes: [(width: Int, height: Int)] = []
        var offset = obus.startIndex
        while offset < obus.endIndex {
            let header = obus[offset]
            let type = Int(header >> 3 & 0xF), hasExtension = header & 0x4 != 0, hasSize = header & 0x2 != 0
            offset += hasExtension ? 2 : 1
            var size = obus.endIndex - offset
            if hasSize {
                guard let (value, length) = leb128(obus, at: offset) else { break }
                offset += length
                guard value <= UInt64(obus.endIndex - offset) else { break }
                size = Int(value)
            }
            guard offset <= obus.endIndex else { break }
            if type == sequenceHeaderType, let frame = maximumFrameSize(obus[offset..<offset + size]) {
                sizes.append(frame)
            }
            offset += size
        }
        return sizes
    }

    static let sequenceHeaderType = 1

    /// An unsigned LEB128 value (at most 8 bytes) and its length in bytes.
    private static func leb128(_ bytes: ArraySlice<UInt8>, at start: Int) -> (UInt64, Int)? {
        var value: UInt64 = 0
        for i in 0..<8 where start + i < bytes.endIndex {
            let byte = bytes[start + i]
            value |= UInt64(byte & 0x7F) << (7 * UInt64(i))
            if byte & 0x80 == 0 { return (value, i + 1) }
        }
        return nil
    }

    /// The maximum frame size of one sequence header OBU's payload, or nil when it is cut short.
    private static func maximumFrameSize(_ payload: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        var bits = BitReader(payload)
        guard bits.read(3) != nil, bits.read(1) != nil, let reduced = bits.read(1) else { return nil }  // profile, still picture
        if reduced == 1 {
            guard bits.read(5) != nil else { return nil }  // seq_level_idx[0]
        } else {
            guard let timingInfo = bits.read(1) else { return nil }
            var decoderModelInfo: UInt64 = 0, bufferDelayLength = 0
            if timingInfo == 1 {
                guard bits.read(32) != nil, bits.read(32) != nil, let equalInterval = bits.read(1) else { return nil }
                if equalInterval == 1 { guard bits.readUVLC() != nil else { return nil } }
                guard let present = bits.read(1) else { return nil }
                decoderModelInfo = present
                if present == 1 {
                    guard let delayLength = bits.read(5), bits.read(32) != nil, bits.read(5) != nil, bits.read(5) != nil else { return nil }
                    bufferDelayLength = Int(delayLength) + 1
                }
            }
            guard let initialDisplayDelay = bits.read(1), let operatingPoints = bits.read(5) else { return nil }
            for _ in 0...Int(operatingPoints) {
                guard bits.read(12) != nil, let level = bits.read(5) else { return nil }  // idc, seq_level_idx
                if level > 7 { guard bits.read(1) != nil else { return nil } }  // seq_tier
                if decoderModelInfo == 1 {
                    guard let present = bits.read(1) else { return nil }
                    if present == 1 {
                        guard bits.read(bufferDelayLength) != nil, bits.read(bufferDelayLength) != nil, bits.read(1) != nil else { return nil }
                    }
                }
                if initialDisplayDelay == 1 {
                    guard let present = bits.read(1) else { return nil }
                    if present == 1 { guard bits.read(4) != nil else { return nil } }
                }
            }
        }
        guard let widthBits = bits.read(4), let heightBits = bits.read(4),
              let width = bits.read(Int(widthBits) + 1), let height = bits.read(Int(heightBits) + 1) else { return nil }
        return (Int(width) + 1, Int(height) + 1)
    }
}

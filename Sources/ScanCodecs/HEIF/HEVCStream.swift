/// The NAL units of an HEVC stream (ITU-T H.265) and what in them sets the cost of decoding: the
/// picture size the sequence parameter sets declare, from which the decoder (libde265) sizes its
/// pictures whatever the container's `ispe` says, and how many pictures the slices start.
enum HEVCStream {
    /// NAL unit type of a sequence parameter set.
    static let spsType = 33

    /// The NAL units of an `hvcC` box's body, and the length of the size prefix of the NAL units
    /// in the coded data (1, 2 or 4 bytes).
    static func configuration(_ hvcC: ArraySlice<UInt8>) -> (units: [ArraySlice<UInt8>], prefixLength: Int) {
        let start = hvcC.startIndex
        guard hvcC.count >= 23 else { return ([], 4) }
        let prefixLength = Int(hvcC[start + 21] & 0x3) + 1
        var units: [ArraySlice<UInt8>] = []
        var offset = start + 23
        for _ in 0..<Int(hvcC[start + 22]) {
            guard offset + 3 <= hvcC.endIndex else { break }
            let count = Int(hvcC[offset + 1]) << 8 | Int(hvcC[offset + 2])
            offset += 3
            for _ in 0..<count {
                guard offset + 2 <= hvcC.endIndex else { return (units, prefixLength) }
                let length = Int(hvcC[offset]) << 8 | Int(hvcC[offset + 1])
                offset += 2
                guard length <= hvcC.endIndex - offset else { return (units, prefixLength) }
                units.append(hvcC[offset..<offset + length])
                offset += length
            }
        }
        return (units, prefixLength)
    }

    /// The NAL units of coded data in which each carries a big-endian size prefix of
    /// `prefixLength` bytes, up to the first that is empty or cut short.
    static func nalUnits(inCodedData data: ArraySlice<UInt8>, prefixLength: Int) -> [ArraySlice<UInt8>] {
        var units: [ArraySlice<UInt8>] = []
        var offset = data.startIndex
        while offset + prefixLength <= data.endIndex {
            let length = data[offset..<offset + prefixLength].reduce(0) { $0 << 8 | Int($1) }
            offset += prefixLength
            guard length > 0, length <= data.endIndex - offset else { break }
            units.append(data[offset..<offset + length])
            offset += length
        }
        return units
    }

    /// True when the NAL unit starts a picture of the base layer: a slice segment (types 0–9 and
    /// 16–21, the ones a decoder decodes) with `first_slice_segment_in_pic_flag` set.
    static func startsPicture(_ unit: ArraySlice<UInt8>) -> Bool {
        guard unit.count > 2 else { return false }
        let header = unit.startIndex
        let type = Int(unit[header] >> 1 & 0x3F)
        let layer = Int(unit[header] & 1) << 5 | Int(unit[header + 1] >> 3)
        return (0...9 ~= type || 16...21 ~= type) && layer == 0 && unit[header + 2] & 0x80 != 0
    }

    /// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` of one NAL unit, if it is an
    /// SPS (§7.3.2.2) and is not cut short.
    static func pictureSize(ofNAL nal: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        guard nal.count > 2, Int(nal[nal.startIndex] >> 1 & 0x3F) == spsType else { return nil }
        var bits = BitReader(ArraySlice(payload(nal.dropFirst(2))))
        guard bits.read(4) != nil, let subLayers = bits.read(3).map(Int.init), bits.read(1) != nil else { return nil }
        // profile_tier_level(1, sps_max_sub_layers_minus1): the general profile and level, then
        // which sub-layers repeat them.
        guard bits.read(64) != nil, bits.read(24) != nil, bits.read(8) != nil else { return nil }
        var profilePresent: [Bool] = [], levelPresent: [Bool] = []
        for _ in 0..<subLayers {
            guard let profile = bits.read(1), let level = bits.read(1) else { return nil }
            profilePresent.append(profile == 1)
            levelPresent.append(level == 1)
        }
        if subLayers > 0 {
            for _ in subLayers..<8 { guard bits.read(2) != nil else { return nil } }
        }
        for i in 0..<subLayers {
            if profilePresent[i] { guard bits.read(64) != nil, bits.read(24) != nil else { return nil } }
            if levelPresent[i] { guard bits.read(8) != nil else { return nil } }
        }
        guard bits.readExpGolomb() != nil, let chroma = bits.readExpGolomb() else { return nil }
        if chroma == 3 { guard bits.read(1) != nil else { return nil } }
        // Exp-Golomb values here stay under 2^33, so they fit an Int.
        guard let width = bits.readExpGolomb(), let height = bits.readExpGolomb() else { return nil }
        return (Int(width), Int(height))
    }

    /// The NAL unit's payload without emulation prevention bytes (the 3 of each 00 00 03).
    private static func payload(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var zeros = 0
        for byte in bytes {
            if zeros >= 2 && byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            result.append(byte)
        }
        return result
    }
}

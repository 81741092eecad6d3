/// The picture size an HEVC stream declares, from its sequence parameter sets (ITU-T H.265
/// §7.3.2.2): the HEVC decoder (libde265) sizes its pictures from these fields, whatever the
/// container's `ispe` says.
enum HEVCSequenceParameters {
    /// NAL unit type of a sequence parameter set.
    static let spsType = 33

    /// The picture sizes of the SPS NAL units in an `hvcC` box's body, and the length of the
    /// size prefix of the NAL units in the coded data (1, 2 or 4 bytes).
    static func configuration(_ hvcC: ArraySlice<UInt8>) -> (sizes: [(width: Int, height: Int)], prefixLength: Int) {
        let start = hvcC.startIndex
        guard hvcC.count >= 23 else { return ([], 4) }
        let prefixLength = Int(hvcC[start + 21] & 0x3) + 1
        var sizes: [(width: Int, height: Int)] = []
        var offset = start + 23
        for _ in 0..<Int(hvcC[start + 22]) {
            guard offset + 3 <= hvcC.endIndex else { break }
            let count = Int(hvcC[offset + 1]) << 8 | Int(hvcC[offset + 2])
            offset += 3
            for _ in 0..<count {
                guard offset + 2 <= hvcC.endIndex else { return (sizes, prefixLength) }
                let length = Int(hvcC[offset]) << 8 | Int(hvcC[offset + 1])
                offset += 2
                guard length <= hvcC.endIndex - offset else { return (sizes, prefixLength) }
                if let size = pictureSize(ofNAL: hvcC[offset..<offset + length]) { sizes.append(size) }
                offset += length
            }
        }
        return (sizes, prefixLength)
    }

    /// The picture sizes of the SPS NAL units in coded data whose NAL units each carry a
    /// big-endian size prefix of `prefixLength` bytes.
    static func pictureSizes(inCodedData data: ArraySlice<UInt8>, prefixLength: Int) -> [(width: Int, height: Int)] {
        var sizes: [(width: Int, height: Int)] = []
        var offset = data.startIndex
        while offset + prefixLength <= data.endIndex {
            let length = data[offset..<offset + prefixLength].reduce(0) { $0 << 8 | Int($1) }
            offset += prefixLength
            guard length > 0, length <= data.endIndex - offset else { break }
            if let size = pictureSize(ofNAL: data[offset..<offset + length]) { sizes.append(size) }
            offset += length
        }
        return sizes
    }

    /// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` of one NAL unit, if it is an
    /// SPS and is not cut short.
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
        guard let width = bits.readExpGolomb(), let height = bits.readExpGolomb(),
              width <= UInt64(Int32.max), height <= UInt64(Int32.max) else { return nil }
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

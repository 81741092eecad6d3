/// A running 128-bit fingerprint of every byte written, for the trailer's `/ID`.
///
/// The ID only has to tell documents apart, not resist attack, so two cheap 64-bit multiplicative
/// hashes, fed eight bytes at a time, are mixed with the length at the end. Identical input gives an identical
/// ID, which keeps output reproducible.
struct DocumentFingerprint {
    private var fnv: UInt64 = 0xCBF2_9CE4_8422_2325
    private var mix: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var count: UInt64 = 0

    /// Adds `bytes` to the fingerprint.
    mutating func update(_ bytes: some Collection<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if handled == nil { Array(bytes).withUnsafeBufferPointer { update(buffer: $0) } }
    }

    private mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        var fnv = self.fnv
        var mix = self.mix
        let raw = UnsafeRawPointer(base)
        let words = buffer.count / 8
        // Eight bytes a step: the fingerprint sees every byte of a multi-megabyte image at memory speed.
        for index in 0..<words {
            let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            fnv = (fnv ^ word) &* 0x0000_0100_0000_01B3
            mix = (mix ^ word) &* 0xFF51_AFD7_ED55_8CCD
            mix = mix << 31 | mix >> 33
        }
        for byte in buffer[(words * 8)...] {
            fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            mix = (mix ^ UInt64(byte)) &* 0xFF51_AFD7_ED55_8CCD
            mix = mix << 31 | mix >> 33
        }
        self.fnv = fnv
        self.mix = mix
        count &+= UInt64(buffer.count)
    }

    /// The 16-byte fingerprint of everything added so far.
    var digest: [UInt8] {
        let first = Self.finalise(fnv ^ count)
        let second = Self.finalise(mix &+ count &* 0xC2B2_AE3D_27D4_EB4F)
        return (0..<8).map { UInt8(truncatingIfNeeded: first >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: second >> (56 - 8 * $0)) }
    }

    /// SplitMix64's finaliser: spreads every input bit over the whole word.
    private static func finalise(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

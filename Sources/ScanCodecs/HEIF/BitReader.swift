/// Most-significant-bit-first reading of a byte string, as the AV1 and HEVC syntax is written.
struct BitReader {
    private let bytes: ArraySlice<UInt8>
    private var position = 0

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// The next `count` bits (0…64) as an unsigned value, or nil past the end.
    mutating func read(_ count: Int) -> UInt64? {
        guard count >= 0, count <= 64, position + count <= bytes.count * 8 else { return nil }
        var value: UInt64 = 0
        for _ in 0..<count {
            let byte = bytes[bytes.startIndex + position / 8]
            value = value << 1 | UInt64(byte >> (7 - UInt8(position % 8)) & 1)
            position += 1
        }
        return value
    }

    /// AV1's `uvlc()`: leading zeros, a one, then that many bits; 2³² − 1 once 32 zeros are read.
    mutating func readUVLC() -> UInt64? {
        guard let zeros = leadingZeros(stoppingAt: 32) else { return nil }
        if zeros == 32 { return UInt64(UInt32.max) }
        return read(zeros).map { $0 + (1 << UInt64(zeros)) - 1 }
    }

    /// An unsigned Exp-Golomb value, `ue(v)` (at most 32 leading zeros), or nil past the end.
    mutating func readExpGolomb() -> UInt64? {
        guard let zeros = leadingZeros(stoppingAt: 33), zeros <= 32 else { return nil }
        return read(zeros).map { (1 << UInt64(zeros)) - 1 + $0 }
    }

    /// Zero bits up to and including the next one bit, counted; reading stops once `limit`
    /// zeros are read. Nil past the end.
    private mutating func leadingZeros(stoppingAt limit: Int) -> Int? {
        var zeros = 0
        while zeros < limit {
            guard let bit = read(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
        }
        return zeros
    }
}

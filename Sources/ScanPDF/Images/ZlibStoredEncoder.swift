/// A zlib stream (RFC 1950) whose deflate data (RFC 1951) uses stored, uncompressed blocks.
///
/// This is the lossless fallback for `/FlateDecode` images while ScanPDF has no compressor of its own:
/// its size is known before writing (so `/Length` can be written first) and the data is streamed in
/// block-sized slices without a copy. A real deflate encoder can take its place behind the same calls.
enum ZlibStoredEncoder {
    /// Largest payload of one stored block (its length field is 16 bits).
    static let maximumBlock = 65_535

    /// CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (fastest; makes CMF·256+FLG a multiple of 31).
    static let header: [UInt8] = [0x78, 0x01]

    /// Total size of the zlib stream for `count` bytes of data.
    static func encodedSize(of count: Int) -> Int {
        header.count + count + 5 * blockCount(for: count) + 4
    }

    /// Number of stored blocks; an empty input still needs one (final) block.
    static func blockCount(for count: Int) -> Int {
        max(1, (count + maximumBlock - 1) / maximumBlock)
    }

    /// The five bytes before a block of `length` bytes: BFINAL/BTYPE, LEN and NLEN (little-endian).
    static func blockHeader(length: Int, isFinal: Bool) -> [UInt8] {
        precondition((0...maximumBlock).contains(length))
        let len = UInt16(length)
        let nlen = ~len
        return [isFinal ? 1 : 0, UInt8(len & 0xFF), UInt8(len >> 8), UInt8(nlen & 0xFF), UInt8(nlen >> 8)]
    }

    /// Streams the zlib encoding of `data` through `emit`, in order.
    static func encode(_ data: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try header.withUnsafeBufferPointer(emit)
        let blocks = blockCount(for: data.count)
        for block in 0..<blocks {
            let start = block * maximumBlock
            let end = min(data.count, start + maximumBlock)
            try blockHeader(length: end - start, isFinal: block == blocks - 1).withUnsafeBufferPointer(emit)
            try emit(UnsafeBufferPointer(rebasing: data[start..<end]))
        }
        let checksum = adler32(data)
        try [UInt8(checksum >> 24), UInt8((checksum >> 16) & 0xFF), UInt8((checksum >> 8) & 0xFF),
             UInt8(checksum & 0xFF)].withUnsafeBufferPointer(emit)
    }

    /// Adler-32 checksum (RFC 1950 §8) of `data`.
    static func adler32(_ data: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let modulus: UInt32 = 65_521
        // Largest run for which the sums cannot overflow 32 bits before taking the modulus.
        let run = 5_552
        var a: UInt32 = 1
        var b: UInt32 = 0
        var index = 0
        while index < data.count {
            let end = min(data.count, index + run)
            while index < end {
                a &+= UInt32(data[index])
                b &+= a
                index += 1
            }
            a %= modulus
            b %= modulus
        }
        return b << 16 | a
    }
}

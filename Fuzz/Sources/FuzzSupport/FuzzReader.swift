/// Reads structured values, front to back, out of the bytes libFuzzer hands a harness.
///
/// Reading past the end never fails: numbers come out as 0 and strings empty, so every input,
/// however short, drives the harness down some path (libFuzzer then learns which bytes matter).
public struct FuzzReader {
    private let bytes: [UInt8]
    private var offset = 0

    /// Wraps a copy of `count` bytes at `start`.
    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Wraps `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True when every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// Bytes not read yet.
    public var remainingCount: Int { max(0, bytes.count - offset) }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A flag from the next byte's low bit.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A value in `range`, from one byte (two when the range is wider than 256).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return range.lowerBound + raw % span
    }

    /// A 16-bit value, big-endian.
    public mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    /// A 64-bit value, big-endian.
    public mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// An element of `choices` picked by the next byte.
    public mutating func pick<T>(_ choices: [T]) -> T {
        precondition(!choices.isEmpty, "pick from an empty list")
        return choices[Int(byte()) % choices.count]
    }

    /// A Double that is often a hostile one: NaN, ±infinity, ±0, huge, tiny, negative, or any bit
    /// pattern; otherwise a modest value from two bytes.
    public mutating func double() -> Double {
        switch byte() % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return -0.0
        case 4: return .greatestFiniteMagnitude
        case 5: return -.greatestFiniteMagnitude
        case 6: return .leastNonzeroMagnitude
        case 7: return Double(bitPattern: uint64())
        case 8: return Double(Int64(bitPattern: uint64()))
        case 9: return -Double(uint16()) / 8
        default: return Double(uint16()) / 8
        }
    }

    /// Up to `maximum` bytes; the count comes from the next byte.
    public mutating func bytes(upTo maximum: Int) -> [UInt8] {
        let wanted = min(Int(byte()), maximum, remainingCount)
        defer { offset += wanted }
        return Array(bytes[offset..<offset + wanted])
    }

    /// A string of up to `maximum` bytes, decoded as UTF-8 with invalid sequences repaired.
    public mutating func string(upTo maximum: Int) -> String {
        String(decoding: bytes(upTo: maximum), as: UTF8.self)
    }

    /// Every byte not read yet.
    public mutating func rest() -> [UInt8] {
        guard offset < bytes.count else { return [] }
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }
}

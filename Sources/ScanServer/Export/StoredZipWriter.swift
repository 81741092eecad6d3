/// A ZIP archive whose entries are stored uncompressed (method 0): JPEG pages gain nothing from
/// deflate, and storing keeps the writer small. Entries and archive stay under 4 GiB (no ZIP64).
public struct StoredZipWriter: Sendable {
    private var output: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// The largest archive this writer produces (classic ZIP's 32-bit offsets).
    public static let maximumSize = Int(UInt32.max)

    /// Starts an empty archive whose entries carry the time `seconds` (since 1970, UTC).
    public init(modified seconds: Double) {
        let (time, date) = Self.dosTimestamp(seconds)
        dosTime = time
        dosDate = date
    }

    /// Appends a file.
    /// - Precondition: the name is at most 65535 bytes and the archive stays under 4 GiB.
    public mutating func add(name: String, bytes: [UInt8]) {
        let nameBytes = Array(name.utf8)
        precondition(nameBytes.count <= Int(UInt16.max) && output.count + bytes.count < Self.maximumSize, "zip entry too large")
        let crc = CRC32.checksum(bytes)
        let offset = UInt32(output.count)
        // Local file header.
        append32(&output, 0x0403_4b50)
        append16(&output, 20)          // version needed: 2.0
        append16(&output, 0x0800)      // flags: names are UTF-8
        append16(&output, 0)           // method: stored
        append16(&output, dosTime)
        append16(&output, dosDate)
        append32(&output, crc)
        append32(&output, UInt32(bytes.count))
        append32(&output, UInt32(bytes.count))
        append16(&output, UInt16(nameBytes.count))
        append16(&output, 0)           // extra field length
        output += nameBytes
        output += bytes
        // Central directory entry.
        append32(&central, 0x0201_4b50)
        append16(&central, 0x0314)     // made by: Unix, 2.0
        append16(&central, 20)
        append16(&central, 0x0800)
        append16(&central, 0)
        append16(&central, dosTime)
        append16(&central, dosDate)
        append32(&central, crc)
        append32(&central, UInt32(bytes.count))
        append32(&central, UInt32(bytes.count))
        append16(&central, UInt16(nameBytes.count))
        append16(&central, 0)          // extra
        append16(&central, 0)          // comment
        append16(&central, 0)          // disk number
        append16(&central, 0)          // internal attributes
        append32(&central, 0o100644 << 16) // external attributes: regular file, rw-r--r--
        append32(&central, offset)
        central += nameBytes
        count += 1
    }

    /// The finished archive.
    public func finish() -> [UInt8] {
        var archive = output
        let centralOffset = UInt32(archive.count)
        archive += central
        append32(&archive, 0x0605_4b50)
        append16(&archive, 0)
        append16(&archive, 0)
        append16(&archive, UInt16(count))
        append16(&archive, UInt16(count))
        append32(&archive, UInt32(central.count))
        append32(&archive, centralOffset)
        append16(&archive, 0)
        return archive
    }

    private func append16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    private func append32(_ bytes: inout [UInt8], _ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    /// MS-DOS time and date (2-second resolution, years 1980…2107) of a UTC instant.
    static func dosTimestamp(_ seconds: Double) -> (time: UInt16, date: UInt16) {
        let total = max(315_532_800, Int(seconds)) // 1980-01-01
        let days = total / 86400, secondsOfDay = total % 86400
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = min(2107, yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        let time = (secondsOfDay / 3600) << 11 | (secondsOfDay % 3600 / 60) << 5 | (secondsOfDay % 60) / 2
        let date = (year - 1980) << 9 | month << 5 | day
        return (UInt16(time), UInt16(date))
    }
}

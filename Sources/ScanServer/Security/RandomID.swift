/// Unguessable identifiers: 128 random bits from the system's secure generator, written as 22
/// URL-safe base64 characters.
public enum RandomID {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The length of every id.
    public static let length = 22

    /// A fresh id.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        var characters: [UInt8] = []
        characters.reserveCapacity(length)
        // 22 characters × 6 bits = 132 bits; the top 4 bits of the first character are zero.
        for index in 0..<length {
            let bit = (length - 1 - index) * 6
            let value: UInt64
            if bit >= 64 {
                value = high >> UInt64(bit - 64)
            } else if bit + 6 > 64 {
                value = (low >> UInt64(bit)) | (high << UInt64(64 - bit))
            } else {
                value = low >> UInt64(bit)
            }
            characters.append(alphabet[Int(value & 63)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// True when `text` has the shape of an id (so obviously bad ids never reach the database).
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { alphabet.contains($0) }
    }
}

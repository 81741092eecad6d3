/// A calendar date and time for the document information dictionary, given as components.
///
/// ScanPDF does not use Foundation, so the caller converts its clock reading into components. The
/// components are the local time at `utcOffsetMinutes` from UTC (0 for UTC, which prints as `Z`).
public struct PDFDate: Sendable, Hashable {
    /// Four-digit year, 0…9999.
    public let year: Int
    /// Month, 1…12.
    public let month: Int
    /// Day of the month, 1…28/29/30/31 as the month allows.
    public let day: Int
    /// Hour, 0…23.
    public let hour: Int
    /// Minute, 0…59.
    public let minute: Int
    /// Second, 0…59.
    public let second: Int
    /// Offset of the local time from UTC in minutes, −720…840 (e.g. 60 for UTC+01:00).
    public let utcOffsetMinutes: Int

    /// Creates a date, checking every component.
    ///
    /// - Throws: `PDFError.invalidDate` naming the first component out of range.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                utcOffsetMinutes: Int = 0) throws {
        try Self.check("year", year, 0...9999)
        try Self.check("month", month, 1...12)
        try Self.check("day", day, 1...Self.daysIn(month: month, year: year))
        try Self.check("hour", hour, 0...23)
        try Self.check("minute", minute, 0...59)
        try Self.check("second", second, 0...59)
        try Self.check("utc offset", utcOffsetMinutes, -720...840)
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// The PDF date string without delimiters: `D:YYYYMMDDHHmmSSZ`, or `D:YYYYMMDDHHmmSS+HH'mm'`
    /// away from UTC.
    public var pdfText: String {
        var text = "D:" + Self.digits(year, 4) + Self.digits(month, 2) + Self.digits(day, 2)
            + Self.digits(hour, 2) + Self.digits(minute, 2) + Self.digits(second, 2)
        if utcOffsetMinutes == 0 {
            text += "Z"
        } else {
            let offset = utcOffsetMinutes.magnitude
            text += (utcOffsetMinutes < 0 ? "-" : "+") + Self.digits(Int(offset / 60), 2) + "'"
                + Self.digits(Int(offset % 60), 2) + "'"
        }
        return text
    }

    private static func check(_ field: String, _ value: Int, _ range: ClosedRange<Int>) throws {
        guard range.contains(value) else { throw PDFError.invalidDate(field: field, value: value) }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}

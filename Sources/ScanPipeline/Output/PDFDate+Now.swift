import Foundation
import ScanPDF

extension PDFDate {
    /// The current time in UTC, for a document's creation date.
    static func current() -> PDFDate? {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        return try? PDFDate(
            year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
            hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: min(59, parts.second ?? 0))
    }
}

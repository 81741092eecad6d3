/// The document information dictionary: what viewers show under "Properties".
///
/// Any text may hold non-ASCII characters; they are written as UTF-16BE. A `nil` entry is left out.
public struct PDFDocumentInfo: Sendable, Hashable {
    /// The document's title, e.g. the output file's name without extension.
    public var title: String?
    /// The person who made the document.
    public var author: String?
    /// What the document is about.
    public var subject: String?
    /// Search keywords, comma-separated by convention.
    public var keywords: String?
    /// The application that made the original (e.g. "flatbed scan").
    public var creator: String?
    /// The software that wrote the PDF; by convention "Flatbed <version>".
    public var producer: String?
    /// When the document was made.
    public var creationDate: PDFDate?

    /// Creates an information dictionary; every entry is optional.
    public init(title: String? = nil, author: String? = nil, subject: String? = nil,
                keywords: String? = nil, creator: String? = nil, producer: String? = nil,
                creationDate: PDFDate? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.creationDate = creationDate
    }

    /// The conventional producer string for a Flatbed version: `"Flatbed 0.1.0"`.
    public static func producer(flatbedVersion version: String) -> String { "Flatbed \(version)" }

    /// The dictionary `<<…>>` in compact PDF syntax.
    var dictionary: [UInt8] {
        var out: [UInt8] = Array("<<".utf8)
        let entries: [(String, String?)] = [
            ("Title", title), ("Author", author), ("Subject", subject), ("Keywords", keywords),
            ("Creator", creator), ("Producer", producer),
        ]
        for case let (key, value?) in entries {
            out.append(pdf: "/\(key)")
            out += PDFSyntax.textString(value)
        }
        if let creationDate {
            out.append(pdf: "/CreationDate")
            out += PDFSyntax.textString(creationDate.pdfText)
        }
        out.append(pdf: ">>")
        return out
    }
}

/// Why a PDF could not be written.
///
/// Every case carries the offending values; `description` is a one-line lowercase message that names
/// the input and says how to fix it.
public enum PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The byte sink threw; carries the underlying error's description. The writer is unusable afterwards.
    case sinkFailed(String)
    /// An earlier write to the sink failed, so the document cannot be continued; carries that failure.
    case writerFailed(String)
    /// A page image is empty or larger than a PDF image may be.
    case invalidImageSize(width: Int, height: Int)
    /// A component count other than 1 (gray) or 3 (RGB).
    case unsupportedComponents(Int)
    /// The bytes given as JPEG are not a baseline or progressive 8-bit JPEG; carries the reason.
    case notJPEG(String)
    /// The JPEG's own frame header disagrees with the width, height or components the caller declared.
    case jpegMismatch(declared: [Int], found: [Int])
    /// A resolution that is not a finite, positive number of dots per inch.
    case invalidResolution(Double)
    /// A page size outside what PDF viewers accept (3…14 400 pt a side).
    case invalidPageSize(width: Double, height: Double)
    /// A date component out of range; carries the field name and value.
    case invalidDate(field: String, value: Int)
    /// `finish()` was called before any page was added.
    case noPages
    /// `addPage` or `finish()` was called after the document was finished.
    case alreadyFinished

    /// Whether the error concerns the page given (its image or its size), which the writer
    /// refuses before writing anything: the document stays usable without that page.
    public var concernsThePage: Bool {
        switch self {
        case .invalidImageSize, .unsupportedComponents, .notJPEG, .jpegMismatch, .invalidResolution, .invalidPageSize:
            true
        case .sinkFailed, .writerFailed, .invalidDate, .noPages, .alreadyFinished:
            false
        }
    }

    /// One lowercase line naming the input and the fix, for the CLI's `flatbed: error: …`.
    public var description: String {
        switch self {
        case .sinkFailed(let reason):
            "writing the pdf failed: \(reason); check the output path and free disk space"
        case .writerFailed(let reason):
            "the pdf writer stopped after an earlier write failure (\(reason)); start a new document"
        case .invalidImageSize(let width, let height):
            "page image of \(width)×\(height) px is empty or too large; give 1…\(PDFImage.maximumSide) px a side"
        case .unsupportedComponents(let count):
            "page image has \(count) colour components; give 1 (gray) or 3 (rgb)"
        case .notJPEG(let reason):
            "page image is not a usable jpeg (\(reason)); encode it as an 8-bit baseline or progressive jpeg"
        case .jpegMismatch(let declared, let found):
            "jpeg declared as \(Self.shape(declared)) but its header says \(Self.shape(found)); pass the jpeg's own size and components"
        case .invalidResolution(let dpi):
            "resolution \(dpi) dpi is not a positive number; pass a dpi such as 300"
        case .invalidPageSize(let width, let height):
            "page size \(width)×\(height) pt is outside 3…14400 pt a side; raise the dpi or choose a smaller page size"
        case .invalidDate(let field, let value):
            "date \(field) \(value) is out of range; pass a valid calendar date and time"
        case .noPages:
            "the pdf has no pages; add at least one page before finishing"
        case .alreadyFinished:
            "the pdf is already finished; start a new writer for another document"
        }
    }

    private static func shape(_ values: [Int]) -> String {
        guard values.count == 3 else { return values.map(String.init).joined(separator: "×") }
        return "\(values[0])×\(values[1]) px with \(values[2]) component\(values[2] == 1 ? "" : "s")"
    }
}

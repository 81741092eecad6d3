/// Why text could not be recognised.
///
/// Every case carries the offending values; `description` is a one-line lowercase message that names
/// the input and says how to fix it.
public enum OCRError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A language code that is not a plain Tesseract name such as `eng`, `deu` or `chi_sim`.
    case invalidLanguage(String)
    /// No language was asked for.
    case noLanguage
    /// The language's `<code>.traineddata` is not in the tessdata folder searched.
    case missingLanguage(language: String, tessdata: String)
    /// No tessdata folder exists where it was looked for; carries the folders tried.
    case missingTessdata(searched: [String])
    /// Tesseract refused to start with these languages and data folder.
    case initializationFailed(languages: String, tessdata: String)
    /// A Tesseract call failed; carries the C function's name.
    case recognitionFailed(function: String)
    /// The image is empty or too large for Tesseract (it takes at most 32 767 px a side).
    case invalidImageSize(width: Int, height: Int)
    /// A resolution that is not a positive number of dots per inch.
    case invalidResolution(Double)

    /// One lowercase line naming the input and the fix, for the CLI's `flatbed: error: …`.
    public var description: String {
        switch self {
        case .invalidLanguage(let code):
            "language '\(code)' is not a tesseract language code; pass codes such as eng, deu or chi_sim joined by '+'"
        case .noLanguage:
            "no ocr language given; pass --lang such as eng or eng+deu"
        case .missingLanguage(let language, let tessdata):
            "tessdata for '\(language)' not found in \(tessdata); install tesseract-ocr-\(Self.packageSuffix(language)) or pass --tessdata"
        case .missingTessdata(let searched):
            "no tessdata folder found (searched \(searched.joined(separator: ", "))); install tesseract-ocr-eng or pass --tessdata"
        case .initializationFailed(let languages, let tessdata):
            "tesseract could not load '\(languages)' from \(tessdata); reinstall its tesseract-ocr-* packages or pass --tessdata"
        case .recognitionFailed(let function):
            "tesseract failed in \(function); check the image is a readable page and retry"
        case .invalidImageSize(let width, let height):
            "image of \(width)×\(height) px is empty or too large for ocr; give 1…32767 px a side"
        case .invalidResolution(let dpi):
            "resolution \(dpi) dpi is not a positive number; pass a dpi such as 300"
        }
    }

    /// Debian names language packs with dashes: `chi_sim` is `tesseract-ocr-chi-sim`.
    static func packageSuffix(_ language: String) -> String {
        language.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}

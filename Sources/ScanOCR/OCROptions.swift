/// How Tesseract is set up: which languages, where their data is, how pages are segmented.
public struct OCROptions: Sendable, Equatable {
    /// Tesseract language codes, tried together (`["eng", "deu"]` is `eng+deu`). More languages:
    /// mixed-language pages read better, recognition is slower.
    public var languages: [String]
    /// The folder holding `<lang>.traineddata`; nil searches `TESSDATA_PREFIX` and the usual
    /// system folders (`TessdataLocator.standardFolders`).
    public var tessdataFolder: String?
    /// Tesseract's page segmentation mode (`tessedit_pageseg_mode`): 3 finds columns and blocks
    /// automatically; 6 assumes one uniform block (faster, wrong for multi-column pages).
    public var pageSegmentationMode: Int = 3
    /// Words below this confidence (0…100) are dropped: higher keeps fewer false words from noise,
    /// but also loses faint real ones.
    public var minimumConfidence: Double = 0

    /// Options for `languages`, data found automatically unless `tessdataFolder` is given.
    public init(languages: [String] = ["eng"], tessdataFolder: String? = nil) {
        self.languages = languages
        self.tessdataFolder = tessdataFolder
    }

    /// Options from a `--lang` value such as `eng+deu`.
    ///
    /// - Throws: `OCRError.noLanguage` for an empty value, `.invalidLanguage` for a malformed code.
    public init(languageList: String, tessdataFolder: String? = nil) throws {
        let codes = languageList.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !languageList.isEmpty else { throw OCRError.noLanguage }
        for code in codes where !Self.isValidCode(code) { throw OCRError.invalidLanguage(code) }
        self.init(languages: codes, tessdataFolder: tessdataFolder)
    }

    /// The languages as Tesseract takes them, `eng+deu`.
    public var languageList: String { languages.joined(separator: "+") }

    /// Letters, digits and `_` (`chi_sim`), optionally under a `script/` folder (`script/Latin`).
    static func isValidCode(_ code: String) -> Bool {
        guard !code.isEmpty, code.count <= 64, !code.hasPrefix("/"), !code.hasSuffix("/"), !code.contains("..")
        else { return false }
        return code.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                || scalar == "/" || scalar == "-")
        }
    }
}

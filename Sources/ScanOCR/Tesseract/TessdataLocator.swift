import Foundation

/// Finds the folder holding Tesseract's `<lang>.traineddata` files and checks the languages are there,
/// so a missing language is reported by name before Tesseract starts (and prints its own noise).
public enum TessdataLocator {
    /// Folders searched when none is given, after `TESSDATA_PREFIX`: Debian/Ubuntu (Tesseract 5 and 4),
    /// Fedora, Homebrew and /usr/local builds.
    public static let standardFolders = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/opt/homebrew/share/tessdata",
    ]

    /// The tessdata folder to use for `options`, having checked every language file exists.
    ///
    /// - Returns: the folder, without a trailing slash.
    /// - Throws: `OCRError.missingLanguage` naming the first language whose data is missing and the
    ///   folder searched, `.missingTessdata` when no folder exists, `.invalidLanguage`, `.noLanguage`.
    public static func folder(for options: OCROptions) throws -> String {
        guard !options.languages.isEmpty else { throw OCRError.noLanguage }
        for code in options.languages where !OCROptions.isValidCode(code) { throw OCRError.invalidLanguage(code) }
        let folder = try candidateFolder(given: options.tessdataFolder)
        for language in options.languages
        where !FileManager.default.fileExists(atPath: "\(folder)/\(language).traineddata") {
            throw OCRError.missingLanguage(language: language, tessdata: folder)
        }
        return folder
    }

    /// The given folder, or the first existing one among `TESSDATA_PREFIX` (itself or its
    /// `tessdata` subfolder) and `standardFolders`.
    static func candidateFolder(given: String?) throws -> String {
        if let given { return trimmed(given) }
        var searched: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            searched += [trimmed(prefix), trimmed(prefix) + "/tessdata"]
        }
        searched += standardFolders
        for folder in searched where isFolder(folder) { return folder }
        throw OCRError.missingTessdata(searched: searched)
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

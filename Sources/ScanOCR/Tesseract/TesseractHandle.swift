import Foundation
import CTesseract

/// Owns one `TessBaseAPI`; freed on `deinit`. Every Tesseract call goes through `call(_:_:)`.
final class TesseractHandle {
    let api: OpaquePointer

    /// Creates the engine and loads `languages` from `tessdata`.
    ///
    /// - Throws: `OCRError.recognitionFailed` when the engine can't be created,
    ///   `.initializationFailed` when Tesseract rejects the languages or data.
    init(languages: String, tessdata: String, pageSegmentationMode: Int) throws {
        guard let api = TessBaseAPICreate() else { throw OCRError.recognitionFailed(function: "TessBaseAPICreate") }
        self.api = api
        // Tesseract's diagnostics ("Estimating resolution…", "Empty page!!") would go to stderr.
        let names = ["debug_file"], values = ["/dev/null"]
        let status = Self.withCStrings(names) { namePointers in
            Self.withCStrings(values) { valuePointers in
                TessBaseAPIInit4(api, tessdata, languages, OEM_DEFAULT, nil, 0,
                                 namePointers, valuePointers, names.count, 0)
            }
        }
        guard status == 0 else { throw OCRError.initializationFailed(languages: languages, tessdata: tessdata) }
        try call("TessBaseAPISetVariable") { api in
            TessBaseAPISetVariable(api, "tessedit_pageseg_mode", String(pageSegmentationMode)) != 0 ? () : nil
        }
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Calls Tesseract; `body` returns nil when the call reports failure, which throws with `function`'s name.
    @discardableResult
    func call<Value>(_ function: String, _ body: (OpaquePointer) -> Value?) throws -> Value {
        guard let value = body(api) else { throw OCRError.recognitionFailed(function: function) }
        return value
    }

    /// Runs `body` with `strings` as a C array of NUL-terminated strings, valid only during the call.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        var pointers = strings.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

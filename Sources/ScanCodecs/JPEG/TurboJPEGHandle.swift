import CTurboJPEG

/// Owns one TurboJPEG compressor or decompressor handle and frees it on deinit. Not shared
/// between threads: each decode or encode makes its own (creating one is cheap).
final class TurboJPEGHandle {
    /// Which kind of handle to create.
    enum Kind { case compress, decompress }

    let raw: tjhandle

    /// Creates a handle; nil only when TurboJPEG cannot allocate one.
    init?(_ kind: Kind) {
        let handle = switch kind {
        case .compress: tjInitCompress()
        case .decompress: tjInitDecompress()
        }
        guard let handle else { return nil }
        raw = handle
    }

    deinit { tjDestroy(raw) }

    /// The message of the last error or warning on this handle.
    var lastMessage: String {
        guard let message = tjGetErrorStr2(raw) else { return "unknown TurboJPEG error" }
        return String(cString: message)
    }

    /// True when the last failure was only a warning (the output was still produced).
    var lastFailureWasWarning: Bool { tjGetErrorCode(raw) == ctj_error_warning() }

    /// libjpeg's wording when the data stops before the image is complete: "Premature end of
    /// JPEG file" (no EOI) and "Corrupt JPEG data: premature end of data segment".
    static func isTruncationMessage(_ message: String) -> Bool {
        message.lowercased().contains("premature end")
    }
}

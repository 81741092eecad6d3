import CHeif

/// Owns a libheif context, primary image handle and decoded image, and frees them on deinit.
/// The context reads the caller's bytes without copying them, so it must not outlive them.
final class HEIFContext {
    let context: OpaquePointer
    var handle: OpaquePointer?
    var image: OpaquePointer?

    /// libheif's plugins are registered once per process (reference counted; never released,
    /// since decoding can happen at any time).
    private static let initialized: Bool = {
        _ = heif_init(nil)
        return true
    }()

    /// Creates an empty context; nil when libheif cannot allocate one.
    init?() {
        _ = Self.initialized
        guard let context = heif_context_alloc() else { return nil }
        self.context = context
    }

    deinit {
        if let image { heif_image_release(image) }
        if let handle { heif_image_handle_release(handle) }
        heif_context_free(context)
    }

    /// Turns a libheif status into nil (success) or our error, with libheif's message.
    static func check(_ status: heif_error, name: String, format: ImageFormat) -> CodecError? {
        guard status.code != heif_error_Ok else { return nil }
        let message = status.message.map { String(cString: $0) } ?? "unknown libheif error"
        if status.subcode == heif_suberror_End_of_data {
            return .truncated(file: name, format: format)
        }
        switch status.code {
        // A decoder plugin that fails on the data it was given means damaged image data (e.g. an
        // empty or cut item), not a missing feature; a missing codec is `Unsupported_feature`.
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            return .unsupportedContent(file: name, format: format, detail: message.lowercased())
        default:
            return .corrupt(file: name, format: format, detail: message)
        }
    }
}

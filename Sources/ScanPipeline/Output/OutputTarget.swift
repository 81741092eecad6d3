import Foundation

/// Where and how a job's pages are written, decided by the output path's extension.
public struct OutputTarget: Sendable, Equatable {
    /// The file formats Flatbed writes.
    public enum Format: String, Sendable {
        case pdf, jpeg, png, tiff

        /// True for formats that hold every page in one file (PDF, multi-page TIFF).
        public var isDocument: Bool { self == .pdf || self == .tiff }
    }

    /// The path as given.
    public let path: String
    /// The format from the extension.
    public let format: Format
    /// True when each page gets its own numbered file (`name-1.jpg`, …); false when the one page
    /// goes to `path` itself.
    public let isNumbered: Bool

    /// A target for `flatbed scan`: a PDF, or numbered image files.
    /// - Throws: `PipelineError.unsupportedOutput` for an unknown extension.
    public init(path: String) throws(PipelineError) {
        self.path = path
        self.format = try Self.format(of: path)
        self.isNumbered = !format.isDocument
    }

    /// A target for exactly one image written to `path` (`flatbed rectify`).
    /// - Throws: `PipelineError.unsupportedOutput` unless the extension is .jpg, .jpeg or .png.
    public init(singleImageAt path: String) throws(PipelineError) {
        self.path = path
        self.format = try Self.format(of: path)
        guard !format.isDocument else { throw .unsupportedOutput(path: path) }
        self.isNumbered = false
    }

    /// True for a single image file rather than a document.
    public var isSingleImage: Bool { !format.isDocument && !isNumbered }

    /// The file page `number` (1-based) is written to.
    public func path(forPage number: Int) -> String {
        guard isNumbered else { return path }
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let name = "\(stem)-\(number).\(url.pathExtension)"
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    private static func format(of path: String) throws(PipelineError) -> Format {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "pdf": .pdf
        case "jpg", "jpeg": .jpeg
        case "png": .png
        case "tif", "tiff": .tiff
        default: throw .unsupportedOutput(path: path)
        }
    }
}

import ScanCore
import ScanOCR

/// Why a scan job, or one page of it, could not be done. Each message names the file and the fix.
public enum PipelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The corners file could not be read.
    case cornersFileUnreadable(path: String, reason: String)
    /// The corners file is not JSON lines or a JSON list in the `detect --json` format.
    case cornersFileInvalid(path: String, reason: String)
    /// The corners given for one image are not a usable page.
    case invalidCorners(image: String, problem: GeometryError)
    /// The output path's extension names no format Flatbed writes.
    case unsupportedOutput(path: String)
    /// The output could not be written (missing folder, no permission, disk full, …).
    case outputUnwritable(path: String, reason: String)
    /// No input produced a page, so nothing was written.
    case nothingToWrite(output: String)
    /// The photo is smaller than `ScanOptions.minimumPhotoSide` in width or height.
    case photoTooSmall(image: String, width: Int, height: Int, minimum: Int)
    /// Rectifying or encoding one page failed.
    case pageFailed(image: String, reason: String)
    /// OCR was asked for but can't run (a language's data is missing, …); checked before any page.
    case ocrUnavailable(OCRError)

    public var description: String {
        switch self {
        case .cornersFileUnreadable(let path, let reason):
            "\(path): cannot read the corners file (\(reason)); check the path"
        case .cornersFileInvalid(let path, let reason):
            "\(path): not a corners file (\(reason)); give JSON lines like `flatbed detect --json` prints"
        case .invalidCorners(let image, let problem):
            "\(image): bad corners: \(problem)"
        case .unsupportedOutput(let path):
            "\(path): unknown output type; end the name in .pdf, .jpg, .png or .tif"
        case .outputUnwritable(let path, let reason):
            "\(path): cannot write (\(reason)); choose a folder you can write to with free space"
        case .nothingToWrite(let output):
            "\(output): not written, because no input gave a page; fix the errors above"
        case .photoTooSmall(let image, let width, let height, let minimum):
            "\(image): the image is only \(width)×\(height) pixels, too small to hold a page (at least \(minimum)×\(minimum) needed); pass the full-size photo"
        case .pageFailed(let image, let reason):
            "\(image): \(reason)"
        case .ocrUnavailable(let problem):
            problem.description
        }
    }
}

import ScanCodecs

/// A stored page whose photo can't be read back from the data folder: the file was deleted, cut
/// short or overwritten behind the server's back (a disk error, a sync tool, a user's hands).
///
/// It stays inside the module: the routes turn it into a `ServerError.damagedPhotos` that names the
/// page — by its place in the session and its id — and tells the user to retake or delete it, so
/// one damaged page never hides the others.
struct DamagedPhoto: Error, Sendable, Equatable {
    /// The page whose photo is damaged.
    let pageID: String
    /// What is wrong with the file, in a few words ("its file is missing").
    let reason: String

    /// Why `error` stopped the photo from being decoded, in a few words.
    static func reason(for error: CodecError) -> String {
        switch error {
        case .fileNotFound: "its file is missing"
        case .emptyFile: "its file is empty"
        case .truncated: "its file is cut short"
        case .unreadable(_, let reason): "its file can't be read: \(reason)"
        case .tooManyPixels(_, let width, let height, let limit):
            "it has \(width)x\(height) pixels, over this server's limit of \(limit)"
        default: "its file is not a readable image any more"
        }
    }

    /// The error for one damaged page, `number` (1-based) of the session's `pageCount`.
    static func error(_ damaged: DamagedPhoto, number: Int, of pageCount: Int) -> ServerError {
        .damagedPhotos("page \(number) of \(pageCount) (id \(damaged.pageID)) has a damaged photo: \(damaged.reason); retake or delete that page")
    }

    /// The error for an export that met damaged pages, each with its 1-based `number`.
    static func error(_ damaged: [(number: Int, photo: DamagedPhoto)], of pageCount: Int) -> ServerError {
        if damaged.count == 1, let only = damaged.first { return error(only.photo, number: only.number, of: pageCount) }
        let list = damaged.map { "page \($0.number) (id \($0.photo.pageID)): \($0.photo.reason)" }.joined(separator: ", ")
        return .damagedPhotos("\(damaged.count) of \(pageCount) pages have damaged photos (\(list)); retake or delete those pages")
    }
}

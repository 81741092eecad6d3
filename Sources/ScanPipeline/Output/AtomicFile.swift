import Foundation

/// A file written atomically: bytes go to a hidden temporary file beside the destination, which is
/// renamed over it only by `commit()`. Until then the destination is untouched, and a file that
/// is never committed (an error, a crash) leaves nothing behind but is removed on `deinit`.
public final class AtomicFile {
    /// Where the file will appear.
    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var finished = false
    /// The error that made the last `write` fail, kept for callers that see it through a wrapper.
    public private(set) var failure: PipelineError?

    /// Creates the temporary file.
    /// - Throws: `PipelineError.outputUnwritable` when the folder is missing or not writable.
    public init(path: String) throws(PipelineError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .outputUnwritable(path: path, reason: "is a folder")
        }
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .outputUnwritable(path: path, reason: FileProblem.describe(errno: errno))
        }
        self.descriptor = descriptor
        self.temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(descriptor, 0o644)
    }

    deinit { discard() }

    /// Appends bytes.
    /// - Throws: `PipelineError.outputUnwritable` (disk full, I/O error); the file is then discarded.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(PipelineError) {
        precondition(!finished, "write after commit or discard")
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = FileProblem.describe(errno: errno)
                discard()
                failure = .outputUnwritable(path: path, reason: reason)
                throw .outputUnwritable(path: path, reason: reason)
            }
            offset += written
        }
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(PipelineError) {
        let result = bytes.withUnsafeBytes { raw in Result { () throws(PipelineError) in try write(raw) } }
        try result.get()
    }

    /// Flushes the data to disk and renames the file into place.
    /// - Throws: `PipelineError.outputUnwritable`; the destination is then unchanged.
    public func commit() throws(PipelineError) {
        precondition(!finished, "commit after commit or discard")
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let reason = FileProblem.describe(errno: errno)
            descriptor = -1
            discard()
            throw .outputUnwritable(path: path, reason: reason)
        }
        descriptor = -1
        if rename(temporaryPath, path) != 0 {
            let reason = FileProblem.describe(errno: errno)
            discard()
            throw .outputUnwritable(path: path, reason: reason)
        }
        finished = true
    }

    /// Removes the temporary file; the destination is left as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        unlink(temporaryPath)
    }

    /// Writes `bytes` to `path` atomically in one go.
    public static func write(_ bytes: [UInt8], to path: String) throws(PipelineError) {
        let file = try AtomicFile(path: path)
        try file.write(bytes)
        try file.commit()
    }
}

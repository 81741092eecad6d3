#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// Reads and writes image files, turning every way a path can be wrong into a `CodecError`
/// that names it.
public enum ImageFile {
    /// Bytes read per `read(2)` call once the expected size has been read (for files that grow
    /// while being read, or pipes that report no size).
    static let readChunk = 1 << 20

    /// Reads and decodes the image at `path` into RGB pixels, upright.
    /// - Parameters:
    ///   - path: the file's path; errors name it as given.
    ///   - options: pixel limit and orientation handling.
    /// - Throws: `.fileNotFound`, `.isDirectory`, `.notARegularFile`, `.emptyFile`, `.unreadable`, then
    ///   any decoding error.
    public static func read(path: String, options: DecodingOptions = DecodingOptions()) throws(CodecError) -> DecodedImage<RGB8> {
        try ImageCodec.decode(readBytes(path: path), name: path, options: options)
    }

    /// Reads and decodes the image at `path` into `Pixel`s (`Gray8`, `RGB8`, `RGBA8`), upright.
    /// - Throws: as `read(path:options:)`.
    public static func read<Pixel: BytePixel>(
        path: String, as pixelType: Pixel.Type, options: DecodingOptions = DecodingOptions()
    ) throws(CodecError) -> DecodedImage<Pixel> {
        try ImageCodec.decode(readBytes(path: path), name: path, as: pixelType, options: options)
    }

    /// Reads the whole file at `path`.
    /// - Throws: `.fileNotFound`, `.isDirectory`, `.notARegularFile` (a FIFO, device or socket, which
    ///   could block or never end), `.emptyFile` (zero bytes), `.unreadable` (with the system's
    ///   reason, e.g. permission denied or a symlink loop).
    public static func readBytes(path: String) throws(CodecError) -> [UInt8] {
        // O_NONBLOCK so that opening a FIFO with no writer returns at once instead of waiting for
        // one; anything but a regular file is refused below, before a byte is read.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw openError(errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(file: path, reason: describe(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory(file: path)
        case let kind: throw .notARegularFile(file: path, kind: describeKind(kind))
        }
        // Regular files never block; reads go back to ordinary blocking mode for clarity.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)

        // The size fstat reports is read straight into the array; then small reads pick up
        // anything beyond it (a file still growing, or a pipe that reports no size).
        let expected = max(Int(status.st_size), 0)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            (initialized, failure) = readFully(descriptor, into: buffer)
        }
        var atEnd = bytes.count < expected
        while failure == 0 && !atEnd {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: readChunk) { chunk in
                let (got, error) = readFully(descriptor, into: chunk)
                failure = error
                atEnd = got < chunk.count
                bytes.append(contentsOf: chunk.prefix(got))
            }
        }
        if failure != 0 {
            throw failure == EISDIR ? .isDirectory(file: path) : .unreadable(file: path, reason: describe(failure))
        }
        guard !bytes.isEmpty else { throw .emptyFile(file: path) }
        return bytes
    }

    /// Writes `bytes` to `path`, replacing any file there.
    /// - Throws: `.unwritable` with the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(CodecError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(file: path, reason: describe(errno)) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            while written < buffer.count {
                let result = posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw .unwritable(file: path, reason: describe(failure)) }
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read and errno (0 if none).
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> (Int, Int32) {
        guard let base = buffer.baseAddress else { return (0, 0) }
        var filled = 0
        while filled < buffer.count {
            let got = posixRead(descriptor, base + filled, buffer.count - filled)
            if got < 0 {
                if errno == EINTR { continue }
                return (filled, errno)
            }
            if got == 0 { break }
            filled += got
        }
        return (filled, 0)
    }

    private static func openError(_ code: Int32, path: String) -> CodecError {
        switch code {
        case ENOENT, ENOTDIR: .fileNotFound(file: path)
        case EISDIR: .isDirectory(file: path)
        default: .unreadable(file: path, reason: describe(code))
        }
    }

    /// What kind of non-regular file an `st_mode` file type is, for messages ("a named pipe (FIFO)").
    static func describeKind(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// The system's lowercase message for an errno value ("permission denied").
    private static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message).lowercased()
    }
}

// `read`/`write` are shadowed inside `ImageFile` by its own methods; these name the system calls.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #else
    Glibc.read(descriptor, buffer, count)
    #endif
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #else
    Glibc.write(descriptor, buffer, count)
    #endif
}

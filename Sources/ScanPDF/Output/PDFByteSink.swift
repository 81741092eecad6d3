/// Where a `PDFWriter` sends its bytes, in order, as the document is produced.
///
/// The writer never seeks back, so a plain file handle, a pipe or a socket can implement this. Making
/// the file appear atomically (write to a temporary file, then rename) is the caller's job.
public protocol PDFByteSink {
    /// Appends `bytes` to the output.
    ///
    /// - Throws: any error; the writer wraps it in `PDFError.sinkFailed` and stops.
    mutating func write(_ bytes: some Collection<UInt8>) throws
}

/// A sink that keeps the whole document in memory, for tests and small documents.
public struct PDFMemorySink: PDFByteSink, Sendable {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty sink.
    public init() {}

    /// Appends `bytes` to `self.bytes`; never throws.
    public mutating func write(_ bytes: some Collection<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}

import Foundation

/// Recognisers shared by parallel workers: each worker borrows one for a page and gives it back,
/// so there are never more engines than pages in flight and each is reused across pages.
public final class RecognizerPool: @unchecked Sendable {
    private let make: @Sendable () throws -> any TextRecognizer
    private var idle: [any TextRecognizer] = []
    private let lock = NSLock()

    /// A pool that creates recognisers with `make` when none is idle.
    public init(make: @escaping @Sendable () throws -> any TextRecognizer) {
        self.make = make
    }

    /// A pool of Tesseract engines with `options`, checked once up front so a missing language is
    /// reported before any page is processed.
    ///
    /// - Throws: `OCRError` from starting the first engine.
    public convenience init(tesseract options: OCROptions) throws {
        self.init { try TesseractRecognizer(options: options) }
        try give(make())
    }

    /// Runs `body` with a recogniser no other thread is using.
    ///
    /// - Throws: whatever creating a recogniser or `body` throws.
    public func withRecognizer<Result>(_ body: (any TextRecognizer) throws -> Result) throws -> Result {
        let recognizer = try lock.withLock { idle.popLast() } ?? make()
        defer { give(recognizer) }
        return try body(recognizer)
    }

    /// Engines created and currently idle.
    public var idleCount: Int { lock.withLock { idle.count } }

    private func give(_ recognizer: any TextRecognizer) {
        lock.withLock { idle.append(recognizer) }
    }
}

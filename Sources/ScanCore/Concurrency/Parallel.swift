#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

import Dispatch

/// Splits row-wise work over several threads.
public enum Parallel {
    /// Number of active processor cores, the default worker count.
    public static var processorCount: Int {
        #if canImport(Darwin) || canImport(Glibc)
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        1
        #endif
    }

    /// Calls `body` on disjoint, contiguous chunks of `0..<count` from up to `threads` threads and
    /// returns when all are done. Runs inline when `threads` is 1 or the work is small.
    /// - Parameters:
    ///   - count: number of rows (or other items).
    ///   - threads: maximum number of threads; `nil` means one per core.
    ///   - minimumChunk: smallest number of items worth a thread of its own.
    ///   - body: receives each chunk's range; must only touch its own rows.
    public static func forEachChunk(
        of count: Int, threads: Int? = nil, minimumChunk: Int = 8,
        _ body: @Sendable (Range<Int>) -> Void
    ) {
        guard count > 0 else { return }
        let workers = max(1, min(threads ?? processorCount, (count + minimumChunk - 1) / max(1, minimumChunk)))
        if workers == 1 {
            body(0..<count)
            return
        }
        // A few chunks per worker evens out rows of uneven cost.
        let chunks = min(count, workers * 4)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = count * chunk / chunks, end = count * (chunk + 1) / chunks
            if start < end { body(start..<end) }
        }
    }
}

/// Hands a pointer to concurrent row workers that write disjoint rows; the caller guarantees
/// that no two workers touch the same element.
public struct UnsafeSendable<Value>: @unchecked Sendable {
    /// The wrapped value.
    public let value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }
}

import Foundation
import Testing
import ScanCore

/// Collects the chunks that `Parallel.forEachChunk` hands out, from any thread.
private final class ChunkLog: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [Range<Int>] = []

    func record(_ chunk: Range<Int>) {
        lock.lock()
        chunks.append(chunk)
        lock.unlock()
    }

    var recorded: [Range<Int>] {
        lock.lock()
        defer { lock.unlock() }
        return chunks
    }
}

@Suite("Parallel")
struct ParallelTests {
    @Test("every index is covered exactly once", arguments: [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 64, 100, 257, 1000, 4099], [Int?.none, 1, 2, 3, 4, 8, 64])
    func coverage(count: Int, threads: Int?) {
        for minimumChunk in [1, 3, 8, 16, 1000] {
            let log = ChunkLog()
            Parallel.forEachChunk(of: count, threads: threads, minimumChunk: minimumChunk) { log.record($0) }
            let chunks = log.recorded
            var hits = [Int](repeating: 0, count: count)
            for chunk in chunks {
                #expect(!chunk.isEmpty)
                for i in chunk {
                    #expect(i >= 0 && i < count)
                    if i >= 0 && i < count { hits[i] += 1 }
                }
            }
            #expect(hits.allSatisfy { $0 == 1 }, "count \(count), threads \(String(describing: threads)), minimum \(minimumChunk)")
            // Small work runs as one chunk.
            if count > 0 && (threads == 1 || count <= minimumChunk) {
                #expect(chunks == [0..<count])
            }
        }
    }

    @Test("odd arguments still cover everything", arguments: [0, -1, -5])
    func oddArguments(value: Int) {
        let log = ChunkLog()
        Parallel.forEachChunk(of: 50, threads: value, minimumChunk: value) { log.record($0) }
        #expect(log.recorded.sorted { $0.lowerBound < $1.lowerBound }.flatMap { Array($0) } == Array(0..<50))
        let none = ChunkLog()
        Parallel.forEachChunk(of: value, threads: 2) { none.record($0) }
        #expect(none.recorded.isEmpty)
    }

    @Test("writes to disjoint rows through UnsafeSendable land in the buffer")
    func disjointWrites() {
        var values = [Int](repeating: -1, count: 10_000)
        values.withUnsafeMutableBufferPointer { buffer in
            let shared = UnsafeSendable(buffer)
            Parallel.forEachChunk(of: 10_000, minimumChunk: 10) { rows in
                for i in rows { shared.value[i] = i * i }
            }
        }
        #expect(values == (0..<10_000).map { $0 * $0 })
    }

    @Test("processorCount is at least one")
    func processorCount() {
        #expect(Parallel.processorCount >= 1)
    }
}

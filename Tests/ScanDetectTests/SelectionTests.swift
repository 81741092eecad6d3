import ScanTestSupport
import Testing
@testable import ScanDetect

@Suite("Order statistics")
struct SelectionTests {
    /// Quickselect against sorting, on random arrays with many ties, for every index.
    @Test("select puts the k-th smallest at k, smaller before and larger after", arguments: [1, 2, 3, 7, 64, 257])
    func matchesSorting(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let values = (0..<count).map { _ in Double(Int.random(in: 0..<max(2, count / 3), using: &generator)) }
        let sorted = values.sorted()
        for k in 0..<count {
            var a = values
            a.select(k)
            #expect(a[k] == sorted[k], "k = \(k)")
            #expect(a[..<k].allSatisfy { $0 <= a[k] } && a[(k + 1)...].allSatisfy { $0 >= a[k] }, "k = \(k)")
            #expect(a.sorted() == sorted, "a permutation of the input")
        }
    }

    /// The radix sort against a stable comparison sort of the upper halves: keys with many ties
    /// and every byte of the key varying, payloads in the lower half keeping their order.
    @Test("sortByUpperHalf orders by the upper 32 bits and keeps equal keys in order", arguments: [0, 1, 2, 17, 300, 5000])
    func sortByUpperHalf(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 200)
        let keys = (0..<count).map { i -> UInt64 in
            let key: UInt32 = Bool.random(using: &generator)
                ? UInt32.random(in: 0..<8, using: &generator) << 24 | 0x0040_0000
                : UInt32.random(in: 0...UInt32.max, using: &generator)
            return UInt64(key) << 32 | UInt64(i)
        }
        var sorted = keys
        sorted.sortByUpperHalf()
        let expected = keys.enumerated().sorted { ($0.element >> 32, $0.offset) < ($1.element >> 32, $1.offset) }.map(\.element)
        #expect(sorted == expected)
    }

    /// Grey levels with many values on one level (fractions of it), whole levels, the ends of the
    /// range and values beyond it, for every index.
    @Test("the k-th smallest grey level, counted by level first", arguments: [1, 2, 5, 64, 256, 300])
    func levelOrderStatistic(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 100)
        let values = (0..<count).map { _ -> Double in
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: Double(Int.random(in: 0...255, using: &generator))
            case 1: 200 + Double.random(in: 0..<1, using: &generator)
            case 2: [0, 255, 254.999, -3, 300, 0.0001][Int.random(in: 0..<6, using: &generator)]
            default: Double.random(in: 0...255, using: &generator)
            }
        }
        let sorted = values.sorted()
        for k in 0..<count {
            #expect(values.levelOrderStatistic(k) == sorted[k], "k = \(k)")
        }
    }
}

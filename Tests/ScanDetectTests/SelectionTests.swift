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
}

import ScanTestSupport
import Testing
@testable import ScanDetect

/// Connected regions from runs against a plain flood fill of the same grid.
@Suite("Connected regions from runs")
struct RunRegionsTests {
    @Test("random grids: every region's size and row extents match a flood fill",
          arguments: [(1, 0.5, true), (2, 0.5, false), (3, 0.3, true), (4, 0.7, false), (5, 0.55, true)])
    func matchesFloodFill(seed: UInt64, threshold: Float, above: Bool) {
        let w = 37, h = 23
        var generator = SeededGenerator(seed: seed)
        let values = (0..<(w * h)).map { _ in Float.random(in: 0..<1, using: &generator) }
        let found = RunRegions(values: values, width: w, height: h, threshold: threshold, above: above)
            .largest(1000, minimumSize: 1)
        let expected = Self.floodFill(values, w, h) { ($0 > threshold) == above }
        #expect(found.count == expected.count)
        for (a, b) in zip(found, expected) {
            #expect(a.size == b.size)
            #expect(a.rows.map { [$0.y, $0.start, $0.end] } == b.rows.map { [$0.y, $0.start, $0.end] })
        }
    }

    @Test("a U is one region, and cells touching only at a corner are two")
    func connectivity() {
        let u: [Float] = [1, 0, 1,
                          1, 0, 1,
                          1, 1, 1]
        let one = RunRegions(values: u, width: 3, height: 3, threshold: 0.5, above: true).largest(5, minimumSize: 1)
        #expect(one.map(\.size) == [7])
        #expect(one.first?.rows.map { [$0.y, $0.start, $0.end] } == [[0, 0, 3], [1, 0, 3], [2, 0, 3]])
        let diagonal: [Float] = [1, 0,
                                 0, 1]
        let two = RunRegions(values: diagonal, width: 2, height: 2, threshold: 0.5, above: true).largest(5, minimumSize: 1)
        #expect(two.map(\.size) == [1, 1])
        #expect(two.first?.rows.first?.y == 0, "of equal regions, the first in raster order first")
        #expect(RunRegions(values: diagonal, width: 2, height: 2, threshold: 0.5, above: true)
            .largest(5, minimumSize: 2).isEmpty)
    }

    /// Regions by 4-connected flood fill, largest first (ties in raster order of their first
    /// cell), each with its row extents.
    static func floodFill(_ values: [Float], _ w: Int, _ h: Int, _ inside: (Float) -> Bool) -> [RunRegions.Region] {
        var label = [Int](repeating: -1, count: w * h)
        var regions: [(size: Int, cells: [Int])] = []
        for seed in 0..<(w * h) where label[seed] < 0 && inside(values[seed]) {
            var stack = [seed], cells: [Int] = []
            label[seed] = regions.count
            while let i = stack.popLast() {
                cells.append(i)
                let x = i % w, y = i / w
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < w && ny >= 0 && ny < h {
                    let j = ny * w + nx
                    if label[j] < 0 && inside(values[j]) {
                        label[j] = regions.count
                        stack.append(j)
                    }
                }
            }
            regions.append((cells.count, cells))
        }
        let order = regions.indices.sorted { regions[$0].size != regions[$1].size ? regions[$0].size > regions[$1].size : $0 < $1 }
        return order.map { k in
            var extents: [Int: (Int, Int)] = [:]
            for i in regions[k].cells {
                let x = i % w, y = i / w
                let e = extents[y] ?? (x, x + 1)
                extents[y] = (min(e.0, x), max(e.1, x + 1))
            }
            let rows = extents.keys.sorted().map { (y: $0, start: extents[$0]!.0, end: extents[$0]!.1) }
            return RunRegions.Region(size: regions[k].size, rows: rows)
        }
    }
}

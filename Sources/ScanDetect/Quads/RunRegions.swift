/// The 4-connected regions of one side of a threshold in a grid, found from horizontal runs:
/// each row's runs are joined with union–find to the runs they overlap in the row above. One
/// comparison per cell plus a little work per run, and no label image; a region comes out as
/// the leftmost and rightmost cell of each row it spans, which is all a convex hull needs.
struct RunRegions {
    /// One row's stretch of cells on the chosen side: columns `start ..< end` of row `y`.
    struct Run {
        let y: Int32
        let start: Int32
        let end: Int32
    }

    /// A connected region: its cell count and, for every row it spans (top to bottom), its
    /// leftmost cell and one past its rightmost.
    struct Region {
        let size: Int
        let rows: [(y: Int, start: Int, end: Int)]
    }

    /// All runs in raster order.
    private(set) var runs: [Run] = []
    /// Union–find forest over `runs`; a region's root is its first run in raster order.
    private var parent: [Int32] = []

    /// Finds the runs of the `width × height` row-major grid `values` whose cells lie above
    /// `threshold` (`above` true) or at or below it (`above` false).
    init(values: [Float], width w: Int, height h: Int, threshold: Float, above: Bool) {
        runs.reserveCapacity(4 * h)
        parent.reserveCapacity(4 * h)
        var previous = 0..<0
        values.withUnsafeBufferPointer { v in
            for y in 0..<h {
                let row = v.baseAddress! + y * w
                let first = runs.count
                var x = 0
                while x < w {
                    while x < w && (row[x] > threshold) != above { x += 1 }
                    if x == w { break }
                    let start = x
                    while x < w && (row[x] > threshold) == above { x += 1 }
                    parent.append(Int32(runs.count))
                    runs.append(Run(y: Int32(y), start: Int32(start), end: Int32(x)))
                }
                // Both rows' runs are sorted and disjoint, so a run of the row above that ends
                // before this run starts ends before every later one starts too.
                var p = previous.lowerBound
                for c in first..<runs.count {
                    while p < previous.upperBound && runs[p].end <= runs[c].start { p += 1 }
                    var q = p
                    while q < previous.upperBound && runs[q].start < runs[c].end {
                        join(q, c)
                        q += 1
                    }
                }
                previous = first..<runs.count
            }
        }
    }

    /// The `count` largest regions of at least `minimumSize` cells, largest first (of equal
    /// ones, the one reached first in raster order).
    func largest(_ count: Int, minimumSize: Int) -> [Region] {
        var parent = self.parent
        var sizes = [Int](repeating: 0, count: runs.count)
        for i in runs.indices {
            let r = Self.root(of: i, in: &parent)
            parent[i] = Int32(r)
            sizes[r] += Int(runs[i].end - runs[i].start)
        }
        let chosen = sizes.indices.filter { sizes[$0] >= minimumSize && sizes[$0] > 0 }
            .sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
            .prefix(count)
        return chosen.map { root in
            var rows: [(y: Int, start: Int, end: Int)] = []
            // Runs are in raster order, so a row's first run is its leftmost and its last the rightmost.
            for i in root..<runs.count where parent[i] == Int32(root) {
                let run = runs[i]
                if let last = rows.last, last.y == Int(run.y) {
                    rows[rows.count - 1].end = Int(run.end)
                } else {
                    rows.append((Int(run.y), Int(run.start), Int(run.end)))
                }
            }
            return Region(size: sizes[root], rows: rows)
        }
    }

    /// Joins the regions of runs `a` and `b`, keeping the earlier root.
    private mutating func join(_ a: Int, _ b: Int) {
        let ra = Self.root(of: a, in: &parent), rb = Self.root(of: b, in: &parent)
        if ra < rb { parent[rb] = Int32(ra) } else if rb < ra { parent[ra] = Int32(rb) }
    }

    /// The root of run `i`, halving the path on the way.
    private static func root(of i: Int, in parent: inout [Int32]) -> Int {
        var i = i
        while Int(parent[i]) != i {
            let grand = parent[Int(parent[i])]
            parent[i] = grand
            i = Int(grand)
        }
        return i
    }
}
